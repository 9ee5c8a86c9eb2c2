-- Findings by behaviour and parameter set: which bar configurations produce which findings, over how many sessions.
-- Parameters: none. parameters is the sessions' full parameter JSON, so two sessions group together only when configured identically.
SELECT s.behaviors, s.parameters,
       COUNT(DISTINCT s.id) AS sessions,
       SUM(CASE WHEN f.kind = 'flapping' THEN 1 ELSE 0 END) AS flapping,
       SUM(CASE WHEN f.kind = 'jitter' THEN 1 ELSE 0 END) AS jitter,
       SUM(CASE WHEN f.kind = 'hitch' THEN 1 ELSE 0 END) AS hitch,
       SUM(CASE WHEN f.kind = 'title_mismatch' THEN 1 ELSE 0 END) AS title_mismatch
  FROM sessions s
  LEFT JOIN findings f ON f.session_id = s.id AND f.settings = ''
 GROUP BY s.behaviors, s.parameters
 ORDER BY s.behaviors, s.parameters;
