-- Flapping hot spots: which signals flap, in which behaviours, at which scroll offsets, how often, across sessions.
-- Parameters: none. y_from/y_to are the lowest and highest offsets (points) seen in the episodes.
SELECT f.signal, s.behaviors, f.source,
       COUNT(*) AS episodes,
       COUNT(DISTINCT f.session_key) AS sessions,
       SUM(f.count) AS toggles,
       ROUND(MIN(f.y_min), 1) AS y_from,
       ROUND(MAX(f.y_max), 1) AS y_to,
       MAX(f.suggested_hysteresis) AS hysteresis_that_fixes_all
  FROM findings f
  JOIN sessions s ON s.session_key = f.session_key
 WHERE f.kind = 'flapping'
 GROUP BY f.signal, s.behaviors, f.source
 ORDER BY toggles DESC, f.signal;
