-- Hitch ratio by device and OS: average and worst hitch time ratio (ms of hitch per s of movement) over analysed sessions.
-- Parameters: none. Sessions without a device or OS are grouped under NULL; each session counts with its latest
-- report (session_summary). Ratios to 0.01 ms/s (FLOOR(x * 1e2 + 0.5) / 1e2: the same in every engine).
SELECT device, os,
       COUNT(*) AS sessions,
       FLOOR(AVG(hitch_time_ratio) * 1e2 + 0.5) / 1e2 AS avg_hitch_ms_per_s,
       FLOOR(MAX(hitch_time_ratio) * 1e2 + 0.5) / 1e2 AS worst_hitch_ms_per_s,
       SUM(CASE WHEN hitch_time_ratio >= 10 THEN 1 ELSE 0 END) AS sessions_at_error
  FROM session_summary
 WHERE hitch_time_ratio IS NOT NULL
 GROUP BY device, os
 ORDER BY avg_hitch_ms_per_s DESC, device NULLS FIRST, os NULLS FIRST;
