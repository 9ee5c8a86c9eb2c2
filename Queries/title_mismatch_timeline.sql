-- Title-mismatch timeline of one session: when the wrong title showed, which kind, for how long.
-- Parameters: $session (a session id, e.g. demo-observed-title-early). Times to 0.001 s
-- (FLOOR(x * 1e3 + 0.5) / 1e3: the same in every engine).
SELECT FLOOR(start_t * 1e3 + 0.5) / 1e3 AS start_s, FLOOR(end_t * 1e3 + 0.5) / 1e3 AS end_s,
       FLOOR((end_t - start_t) * 1e3 + 0.5) / 1e3 AS lasted_s,
       subkind, signal, source, severity, message
  FROM findings
 WHERE kind = 'title_mismatch' AND session_id = $session
 ORDER BY start_t, subkind, signal, source;
