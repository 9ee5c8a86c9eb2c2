-- Title-mismatch timeline of one session: when the wrong title showed, which kind, for how long.
-- Parameters: :session (a session id, e.g. demo-observed-title-early).
SELECT ROUND(start_t, 3) AS start_s, ROUND(end_t, 3) AS end_s,
       ROUND(end_t - start_t, 3) AS lasted_s,
       subkind, signal, source, severity, message
  FROM findings
 WHERE kind = 'title_mismatch' AND session_id = :session
 ORDER BY start_t, subkind, signal;
