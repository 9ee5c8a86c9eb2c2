-- Observed-vs-computed drift: the largest gap between what the app showed and what the model computed, per field and session.
-- Parameters: none. Only sessions whose recordings carried observed states appear; t_s is when the largest gap happened
-- (the earliest sample with it). Over chunk_gaps, each stored chunk's largest gap per field and the earliest t with it
-- (one row per 64 samples): a session's largest gap is its chunks' largest, at the earliest of their times with it.
-- The same rows as two passes over observed_gaps (|observed - computed| per sample), which decode every observed sample:
-- 11 s of CPU at 2,000 sessions of 17.5 s, against 0.1 s here. Values to 0.001
-- (FLOOR(x * 1e3 + 0.5) / 1e3: the same in every engine).
WITH maxima AS (
    SELECT session_id,
           MAX(bar_height_gap) AS bar_height,
           MAX(large_title_alpha_gap) AS large_title_alpha,
           MAX(inline_title_alpha_gap) AS inline_title_alpha,
           MAX(content_title_alpha_gap) AS content_title_alpha,
           MAX(blur_alpha_gap) AS blur_alpha,
           MAX(bar_shown_gap) AS bar_shown
      FROM chunk_gaps
     GROUP BY session_id
), firsts AS (
    SELECT m.session_id,
           MIN(CASE WHEN k.bar_height_gap = m.bar_height THEN k.bar_height_gap_t END) AS bar_height,
           MIN(CASE WHEN k.large_title_alpha_gap = m.large_title_alpha THEN k.large_title_alpha_gap_t END) AS large_title_alpha,
           MIN(CASE WHEN k.inline_title_alpha_gap = m.inline_title_alpha THEN k.inline_title_alpha_gap_t END) AS inline_title_alpha,
           MIN(CASE WHEN k.content_title_alpha_gap = m.content_title_alpha THEN k.content_title_alpha_gap_t END) AS content_title_alpha,
           MIN(CASE WHEN k.blur_alpha_gap = m.blur_alpha THEN k.blur_alpha_gap_t END) AS blur_alpha,
           MIN(CASE WHEN k.bar_shown_gap = m.bar_shown THEN k.bar_shown_gap_t END) AS bar_shown
      FROM maxima m
      JOIN chunk_gaps k ON k.session_id = m.session_id
     GROUP BY m.session_id
), gaps AS (
    SELECT m.session_id, 'bar_height' AS field, m.bar_height AS gap, f.bar_height AS t FROM maxima m JOIN firsts f ON f.session_id = m.session_id WHERE m.bar_height IS NOT NULL
    UNION ALL
    SELECT m.session_id, 'large_title_alpha' AS field, m.large_title_alpha AS gap, f.large_title_alpha AS t FROM maxima m JOIN firsts f ON f.session_id = m.session_id WHERE m.large_title_alpha IS NOT NULL
    UNION ALL
    SELECT m.session_id, 'inline_title_alpha' AS field, m.inline_title_alpha AS gap, f.inline_title_alpha AS t FROM maxima m JOIN firsts f ON f.session_id = m.session_id WHERE m.inline_title_alpha IS NOT NULL
    UNION ALL
    SELECT m.session_id, 'content_title_alpha' AS field, m.content_title_alpha AS gap, f.content_title_alpha AS t FROM maxima m JOIN firsts f ON f.session_id = m.session_id WHERE m.content_title_alpha IS NOT NULL
    UNION ALL
    SELECT m.session_id, 'blur_alpha' AS field, m.blur_alpha AS gap, f.blur_alpha AS t FROM maxima m JOIN firsts f ON f.session_id = m.session_id WHERE m.blur_alpha IS NOT NULL
    UNION ALL
    SELECT m.session_id, 'bar_shown' AS field, m.bar_shown AS gap, f.bar_shown AS t FROM maxima m JOIN firsts f ON f.session_id = m.session_id WHERE m.bar_shown IS NOT NULL
)
SELECT session_id, field, FLOOR(gap * 1e3 + 0.5) / 1e3 AS largest_gap, FLOOR(t * 1e3 + 0.5) / 1e3 AS t_s
  FROM gaps
 ORDER BY session_id, field;
