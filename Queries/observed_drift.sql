-- Observed-vs-computed drift: the largest gap between what the app showed and what the model computed, per field and session.
-- Parameters: none. Only sessions whose recordings carried observed states appear; t_s is when the largest gap happened
-- (the earliest sample with it). Two passes over observed_gaps (|observed - computed| per sample, both streams in one
-- row): each session's largest gaps, then the first sample with each. The second pass runs sessions in id order, so
-- SQLite groups without sorting; the portable alternative (a GROUP BY pivot of timeline's two streams, or a window
-- ranking every gap) sorts every sample: 31 s of CPU at 2,000 sessions of 17.5 s against about 6. Values to 0.001
-- (FLOOR(x * 1e3 + 0.5) / 1e3: the same in every engine).
WITH maxima AS (
    SELECT session_id,
           MAX(bar_height_gap) AS bar_height,
           MAX(large_title_alpha_gap) AS large_title_alpha,
           MAX(inline_title_alpha_gap) AS inline_title_alpha,
           MAX(content_title_alpha_gap) AS content_title_alpha,
           MAX(blur_alpha_gap) AS blur_alpha,
           MAX(bar_shown_gap) AS bar_shown
      FROM observed_gaps
     GROUP BY session_id
), firsts AS (
    SELECT s.id AS session_id,
           MIN(CASE WHEN g.bar_height_gap = m.bar_height THEN g.t END) AS bar_height,
           MIN(CASE WHEN g.large_title_alpha_gap = m.large_title_alpha THEN g.t END) AS large_title_alpha,
           MIN(CASE WHEN g.inline_title_alpha_gap = m.inline_title_alpha THEN g.t END) AS inline_title_alpha,
           MIN(CASE WHEN g.content_title_alpha_gap = m.content_title_alpha THEN g.t END) AS content_title_alpha,
           MIN(CASE WHEN g.blur_alpha_gap = m.blur_alpha THEN g.t END) AS blur_alpha,
           MIN(CASE WHEN g.bar_shown_gap = m.bar_shown THEN g.t END) AS bar_shown
      FROM sessions s
      CROSS JOIN maxima m
      CROSS JOIN observed_gaps g
     WHERE m.session_id = s.id AND g.session_id = s.id
     GROUP BY s.id
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
