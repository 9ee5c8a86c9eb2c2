-- Flapping hot spots: which signals flap, in which behaviours, at which scroll offsets, how often, across sessions.
-- Parameters: none. y_from/y_to are the lowest and highest offsets (points) seen in the episodes, to 0.1 pt
-- (FLOOR(x * 1e1 + 0.5) / 1e1 rounds the same way in every engine; ROUND does not).
SELECT f.signal, s.behaviors, f.source,
       COUNT(*) AS episodes,
       COUNT(DISTINCT f.session_id) AS sessions,
       SUM(f.count) AS toggles,
       FLOOR(MIN(f.y_min) * 1e1 + 0.5) / 1e1 AS y_from,
       FLOOR(MAX(f.y_max) * 1e1 + 0.5) / 1e1 AS y_to,
       MAX(f.suggested_hysteresis) AS hysteresis_that_fixes_all
  FROM findings f
  JOIN sessions s ON s.id = f.session_id
 WHERE f.kind = 'flapping'
 GROUP BY f.signal, s.behaviors, f.source
 ORDER BY toggles DESC, f.signal, s.behaviors, f.source;
