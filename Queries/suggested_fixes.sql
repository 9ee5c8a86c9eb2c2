-- Suggested fixes: for each session and flapping signal, the hysteresis that removes the flapping (proven by replay).
-- Parameters: none. Re-run `navrec report SESSION --set BEHAVIOR.hysteresis=H` to see the result.
SELECT f.session_id, f.signal, s.behaviors,
       COUNT(*) AS episodes,
       MAX(f.suggested_hysteresis) AS hysteresis
  FROM findings f
  JOIN sessions s ON s.session_key = f.session_key
 WHERE f.kind = 'flapping' AND f.suggested_hysteresis IS NOT NULL AND f.settings = ''
 GROUP BY f.session_id, f.signal, s.behaviors
 ORDER BY f.session_id, f.signal;
