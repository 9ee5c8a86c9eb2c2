-- Hitch ratio by device and OS: average and worst hitch time ratio (ms of hitch per s of movement) over analysed sessions.
-- Parameters: none. Sessions without a device or OS are grouped under NULL.
SELECT s.device, s.os,
       COUNT(*) AS sessions,
       ROUND(AVG(a.hitch_time_ratio), 2) AS avg_hitch_ms_per_s,
       ROUND(MAX(a.hitch_time_ratio), 2) AS worst_hitch_ms_per_s,
       SUM(CASE WHEN a.hitch_time_ratio >= 10 THEN 1 ELSE 0 END) AS sessions_at_error
  FROM sessions s
  JOIN analyses a ON a.session_key = s.session_key AND a.settings = ''
 GROUP BY s.device, s.os
 ORDER BY avg_hitch_ms_per_s DESC, s.device, s.os;
