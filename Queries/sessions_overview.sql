-- Sessions overview: one row per session with its size, hitch ratio and findings by severity (latest report).
-- Parameters: none. Duration to 0.001 s, hitch ratio to 0.01 ms/s (FLOOR(x * 1e3 + 0.5) / 1e3: the same in every engine).
SELECT session_id, app, screen, behaviors, samples, observed_samples, events,
       FLOOR(duration * 1e3 + 0.5) / 1e3 AS duration_s,
       FLOOR(hitch_time_ratio * 1e2 + 0.5) / 1e2 AS hitch_ms_per_s,
       findings, warnings, errors
  FROM session_summary
 ORDER BY session_id;
