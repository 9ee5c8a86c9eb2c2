-- Suggested fixes: for each session and flapping signal, the parameter value that removes the flapping (proven by replay).
-- Parameters: none. Re-run `navrec report SESSION --set BEHAVIOR.PARAMETER=VALUE` to see the result.
SELECT f.session_id, f.signal, s.behaviors,
       COUNT(*) AS episodes,
       CASE WHEN MAX(f.suggested_hysteresis) IS NOT NULL THEN 'hysteresis' ELSE 'swipeDistance' END AS parameter,
       COALESCE(MAX(f.suggested_hysteresis), MAX(f.suggested_swipe_distance)) AS value
  FROM findings f
  JOIN sessions s ON s.id = f.session_id
 WHERE f.kind = 'flapping' AND f.settings = ''
   AND (f.suggested_hysteresis IS NOT NULL OR f.suggested_swipe_distance IS NOT NULL)
 GROUP BY f.session_id, f.signal, s.behaviors
 ORDER BY f.session_id, f.signal;
