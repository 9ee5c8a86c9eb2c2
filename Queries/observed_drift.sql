-- Observed-vs-computed drift: the largest gap between what the app showed and what the model computed, per field and session.
-- Parameters: none. Only sessions whose recordings carried observed states appear; t_s is when the largest gap happened.
-- One pass over the timeline (each sample's two streams side by side by GROUP BY) rather than a self-join, which no
-- engine can drive from an index on a view; values to 0.001 (FLOOR(x * 1e3 + 0.5) / 1e3: the same in every engine).
WITH pairs AS (
    SELECT session_id, seq,
           MAX(CASE WHEN source = 'computed' THEN t END) AS t,
           MAX(CASE WHEN source = 'computed' THEN bar_height END) AS c_bar_height,
           MAX(CASE WHEN source = 'observed' THEN bar_height END) AS o_bar_height,
           MAX(CASE WHEN source = 'computed' THEN large_title_alpha END) AS c_large_title_alpha,
           MAX(CASE WHEN source = 'observed' THEN large_title_alpha END) AS o_large_title_alpha,
           MAX(CASE WHEN source = 'computed' THEN inline_title_alpha END) AS c_inline_title_alpha,
           MAX(CASE WHEN source = 'observed' THEN inline_title_alpha END) AS o_inline_title_alpha,
           MAX(CASE WHEN source = 'computed' THEN content_title_alpha END) AS c_content_title_alpha,
           MAX(CASE WHEN source = 'observed' THEN content_title_alpha END) AS o_content_title_alpha,
           MAX(CASE WHEN source = 'computed' THEN blur_alpha END) AS c_blur_alpha,
           MAX(CASE WHEN source = 'observed' THEN blur_alpha END) AS o_blur_alpha,
           MAX(CASE WHEN source = 'computed' THEN bar_shown END) AS c_bar_shown,
           MAX(CASE WHEN source = 'observed' THEN bar_shown END) AS o_bar_shown
      FROM timeline
     WHERE session_id IN (SELECT id FROM sessions WHERE observed_samples > 0)
     GROUP BY session_id, seq
), gaps AS (
    SELECT session_id, 'bar_height' AS field, ABS(o_bar_height - c_bar_height) AS gap, t FROM pairs WHERE o_bar_height IS NOT NULL AND c_bar_height IS NOT NULL
    UNION ALL
    SELECT session_id, 'large_title_alpha' AS field, ABS(o_large_title_alpha - c_large_title_alpha) AS gap, t FROM pairs WHERE o_large_title_alpha IS NOT NULL AND c_large_title_alpha IS NOT NULL
    UNION ALL
    SELECT session_id, 'inline_title_alpha' AS field, ABS(o_inline_title_alpha - c_inline_title_alpha) AS gap, t FROM pairs WHERE o_inline_title_alpha IS NOT NULL AND c_inline_title_alpha IS NOT NULL
    UNION ALL
    SELECT session_id, 'content_title_alpha' AS field, ABS(o_content_title_alpha - c_content_title_alpha) AS gap, t FROM pairs WHERE o_content_title_alpha IS NOT NULL AND c_content_title_alpha IS NOT NULL
    UNION ALL
    SELECT session_id, 'blur_alpha' AS field, ABS(o_blur_alpha - c_blur_alpha) AS gap, t FROM pairs WHERE o_blur_alpha IS NOT NULL AND c_blur_alpha IS NOT NULL
    UNION ALL
    SELECT session_id, 'bar_shown' AS field, ABS(o_bar_shown - c_bar_shown) AS gap, t FROM pairs WHERE o_bar_shown IS NOT NULL AND c_bar_shown IS NOT NULL
), ranked AS (
    SELECT session_id, field, gap, t,
           ROW_NUMBER() OVER (PARTITION BY session_id, field ORDER BY gap DESC, t) AS position
      FROM gaps
)
SELECT session_id, field, FLOOR(gap * 1e3 + 0.5) / 1e3 AS largest_gap, FLOOR(t * 1e3 + 0.5) / 1e3 AS t_s
  FROM ranked
 WHERE position = 1
 ORDER BY session_id, field;
