-- Observed-vs-computed drift: the largest gap between what the app showed and what the model computed, per field and session.
-- Parameters: none. Only sessions whose recordings carried observed states appear; t_s is when the largest gap happened.
WITH gaps AS (
    SELECT c.session_id, 'bar_height' AS field, ABS(o.bar_height - c.bar_height) AS gap, c.t
      FROM timeline c JOIN timeline o
        ON o.session_id = c.session_id AND o.seq = c.seq AND c.source = 'computed' AND o.source = 'observed'
     WHERE o.bar_height IS NOT NULL AND c.bar_height IS NOT NULL
    UNION ALL
    SELECT c.session_id, 'large_title_alpha', ABS(o.large_title_alpha - c.large_title_alpha), c.t
      FROM timeline c JOIN timeline o
        ON o.session_id = c.session_id AND o.seq = c.seq AND c.source = 'computed' AND o.source = 'observed'
     WHERE o.large_title_alpha IS NOT NULL AND c.large_title_alpha IS NOT NULL
    UNION ALL
    SELECT c.session_id, 'inline_title_alpha', ABS(o.inline_title_alpha - c.inline_title_alpha), c.t
      FROM timeline c JOIN timeline o
        ON o.session_id = c.session_id AND o.seq = c.seq AND c.source = 'computed' AND o.source = 'observed'
     WHERE o.inline_title_alpha IS NOT NULL AND c.inline_title_alpha IS NOT NULL
    UNION ALL
    SELECT c.session_id, 'content_title_alpha', ABS(o.content_title_alpha - c.content_title_alpha), c.t
      FROM timeline c JOIN timeline o
        ON o.session_id = c.session_id AND o.seq = c.seq AND c.source = 'computed' AND o.source = 'observed'
     WHERE o.content_title_alpha IS NOT NULL AND c.content_title_alpha IS NOT NULL
    UNION ALL
    SELECT c.session_id, 'blur_alpha', ABS(o.blur_alpha - c.blur_alpha), c.t
      FROM timeline c JOIN timeline o
        ON o.session_id = c.session_id AND o.seq = c.seq AND c.source = 'computed' AND o.source = 'observed'
     WHERE o.blur_alpha IS NOT NULL AND c.blur_alpha IS NOT NULL
    UNION ALL
    SELECT c.session_id, 'bar_shown', ABS(o.bar_shown - c.bar_shown), c.t
      FROM timeline c JOIN timeline o
        ON o.session_id = c.session_id AND o.seq = c.seq AND c.source = 'computed' AND o.source = 'observed'
     WHERE o.bar_shown IS NOT NULL AND c.bar_shown IS NOT NULL
), ranked AS (
    SELECT session_id, field, gap, t,
           ROW_NUMBER() OVER (PARTITION BY session_id, field ORDER BY gap DESC, t) AS position
      FROM gaps
)
SELECT session_id, field, ROUND(gap, 3) AS largest_gap, ROUND(t, 3) AS t_s
  FROM ranked
 WHERE position = 1
 ORDER BY session_id, field;
