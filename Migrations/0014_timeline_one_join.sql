-- navrec schema 14: `timeline` without UNION ALL, so SQLite can flatten it into the query that reads it.
-- As a compound view (0009) every query over all of it ran the view as a co-routine that decoded
-- every column of every row, even `SELECT count(*) FROM timeline` (6.6 s for 607 k rows at 2,000
-- sessions): Datasette's table page counts the rows for its facet suggestions and failed on its
-- 1 s time limit. Now one join of each chunk position with the two streams (`timeline_streams`:
-- 0 computed, 1 observed, the observed row only where the frame carried an observed state)
-- gives the same rows, values and order (the CROSS JOINs fix the nesting: stream, session by id,
-- chunk, position); a column a query does not read is never decoded. `observed` is unchanged.

CREATE TABLE timeline_streams (observed INTEGER PRIMARY KEY, source TEXT NOT NULL) STRICT;
INSERT INTO timeline_streams (observed, source) VALUES (0, 'computed'), (1, 'observed');

DROP VIEW timeline;
-- One row per sample and stream: the computed state of every frame, and the observed state of
-- the frames that carried one. Booleans are 0/1, t is seconds, y points, frame_duration seconds.
CREATE VIEW timeline AS
SELECT s.id AS session_id,
       c.key - (s.session_key << 32) + p.k AS seq,
       (c.t_us_base + substr(c.t_us, 1 + p.k * c.t_us_w, c.t_us_w)) / 1000000.0 AS t,
       CASE WHEN c.y_w >= 0 THEN nullif(c.y_base + substr(c.y, 1 + p.k * c.y_w, c.y_w), c.y_base - 1) / 1000.0
            WHEN c.y_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.y, 1 - p.k * c.y_w, -c.y_w) AS TEXT)), '') AS INTEGER) * c.y_base
            WHEN c.y_w < 0 THEN CAST(nullif(trim(CAST(substr(c.y, 1 - p.k * c.y_w, -c.y_w) AS TEXT)), '') AS REAL) END AS y,
       CASE CASE WHEN c.phase_w >= 0 THEN nullif(c.phase_base + substr(c.phase, 1 + p.k * c.phase_w, c.phase_w), c.phase_base - 1) END WHEN 0 THEN 'idle' WHEN 1 THEN 'drag' WHEN 2 THEN 'decelerate'
                    WHEN 3 THEN 'bounce' WHEN 4 THEN 'animate' END AS phase,
       st.source AS source,
       CASE st.observed WHEN 0 THEN CASE WHEN c.bar_height_w >= 0 THEN nullif(c.bar_height_base + substr(c.bar_height, 1 + p.k * c.bar_height_w, c.bar_height_w), c.bar_height_base - 1) / 1000.0
                  WHEN c.bar_height_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.bar_height, 1 - p.k * c.bar_height_w, -c.bar_height_w) AS TEXT)), '') AS INTEGER) * c.bar_height_base
                  WHEN c.bar_height_w < 0 THEN CAST(nullif(trim(CAST(substr(c.bar_height, 1 - p.k * c.bar_height_w, -c.bar_height_w) AS TEXT)), '') AS REAL) END
            ELSE CASE WHEN c.o_bar_height_w >= 0 THEN nullif(c.o_bar_height_base + substr(c.o_bar_height, 1 + p.k * c.o_bar_height_w, c.o_bar_height_w), c.o_bar_height_base - 1) / 1000.0
                  WHEN c.o_bar_height_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_bar_height, 1 - p.k * c.o_bar_height_w, -c.o_bar_height_w) AS TEXT)), '') AS INTEGER) * c.o_bar_height_base
                  WHEN c.o_bar_height_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_bar_height, 1 - p.k * c.o_bar_height_w, -c.o_bar_height_w) AS TEXT)), '') AS REAL) END END AS bar_height,
       CASE st.observed WHEN 0 THEN CASE WHEN c.bar_hidden_w >= 0 THEN nullif(c.bar_hidden_base + substr(c.bar_hidden, 1 + p.k * c.bar_hidden_w, c.bar_hidden_w), c.bar_hidden_base - 1) END
            ELSE CASE WHEN c.o_bar_hidden_w >= 0 THEN nullif(c.o_bar_hidden_base + substr(c.o_bar_hidden, 1 + p.k * c.o_bar_hidden_w, c.o_bar_hidden_w), c.o_bar_hidden_base - 1) END END AS bar_hidden,
       CASE st.observed WHEN 0 THEN CASE WHEN c.bar_shown_w >= 0 THEN nullif(c.bar_shown_base + substr(c.bar_shown, 1 + p.k * c.bar_shown_w, c.bar_shown_w), c.bar_shown_base - 1) / 1000.0
                  WHEN c.bar_shown_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.bar_shown, 1 - p.k * c.bar_shown_w, -c.bar_shown_w) AS TEXT)), '') AS INTEGER) * c.bar_shown_base
                  WHEN c.bar_shown_w < 0 THEN CAST(nullif(trim(CAST(substr(c.bar_shown, 1 - p.k * c.bar_shown_w, -c.bar_shown_w) AS TEXT)), '') AS REAL) END
            ELSE CASE WHEN c.o_bar_shown_w >= 0 THEN nullif(c.o_bar_shown_base + substr(c.o_bar_shown, 1 + p.k * c.o_bar_shown_w, c.o_bar_shown_w), c.o_bar_shown_base - 1) / 1000.0
                  WHEN c.o_bar_shown_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_bar_shown, 1 - p.k * c.o_bar_shown_w, -c.o_bar_shown_w) AS TEXT)), '') AS INTEGER) * c.o_bar_shown_base
                  WHEN c.o_bar_shown_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_bar_shown, 1 - p.k * c.o_bar_shown_w, -c.o_bar_shown_w) AS TEXT)), '') AS REAL) END END AS bar_shown,
       CASE st.observed WHEN 0 THEN CASE WHEN c.large_title_alpha_w >= 0 THEN nullif(c.large_title_alpha_base + substr(c.large_title_alpha, 1 + p.k * c.large_title_alpha_w, c.large_title_alpha_w), c.large_title_alpha_base - 1) / 1000.0
                  WHEN c.large_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.large_title_alpha, 1 - p.k * c.large_title_alpha_w, -c.large_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.large_title_alpha_base
                  WHEN c.large_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.large_title_alpha, 1 - p.k * c.large_title_alpha_w, -c.large_title_alpha_w) AS TEXT)), '') AS REAL) END
            ELSE CASE WHEN c.o_large_title_alpha_w >= 0 THEN nullif(c.o_large_title_alpha_base + substr(c.o_large_title_alpha, 1 + p.k * c.o_large_title_alpha_w, c.o_large_title_alpha_w), c.o_large_title_alpha_base - 1) / 1000.0
                  WHEN c.o_large_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_large_title_alpha, 1 - p.k * c.o_large_title_alpha_w, -c.o_large_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_large_title_alpha_base
                  WHEN c.o_large_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_large_title_alpha, 1 - p.k * c.o_large_title_alpha_w, -c.o_large_title_alpha_w) AS TEXT)), '') AS REAL) END END AS large_title_alpha,
       CASE st.observed WHEN 0 THEN CASE WHEN c.inline_title_alpha_w >= 0 THEN nullif(c.inline_title_alpha_base + substr(c.inline_title_alpha, 1 + p.k * c.inline_title_alpha_w, c.inline_title_alpha_w), c.inline_title_alpha_base - 1) / 1000.0
                  WHEN c.inline_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.inline_title_alpha, 1 - p.k * c.inline_title_alpha_w, -c.inline_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.inline_title_alpha_base
                  WHEN c.inline_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.inline_title_alpha, 1 - p.k * c.inline_title_alpha_w, -c.inline_title_alpha_w) AS TEXT)), '') AS REAL) END
            ELSE CASE WHEN c.o_inline_title_alpha_w >= 0 THEN nullif(c.o_inline_title_alpha_base + substr(c.o_inline_title_alpha, 1 + p.k * c.o_inline_title_alpha_w, c.o_inline_title_alpha_w), c.o_inline_title_alpha_base - 1) / 1000.0
                  WHEN c.o_inline_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_inline_title_alpha, 1 - p.k * c.o_inline_title_alpha_w, -c.o_inline_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_inline_title_alpha_base
                  WHEN c.o_inline_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_inline_title_alpha, 1 - p.k * c.o_inline_title_alpha_w, -c.o_inline_title_alpha_w) AS TEXT)), '') AS REAL) END END AS inline_title_alpha,
       CASE st.observed WHEN 0 THEN CASE WHEN c.content_title_alpha_w >= 0 THEN nullif(c.content_title_alpha_base + substr(c.content_title_alpha, 1 + p.k * c.content_title_alpha_w, c.content_title_alpha_w), c.content_title_alpha_base - 1) / 1000.0
                  WHEN c.content_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.content_title_alpha, 1 - p.k * c.content_title_alpha_w, -c.content_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.content_title_alpha_base
                  WHEN c.content_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.content_title_alpha, 1 - p.k * c.content_title_alpha_w, -c.content_title_alpha_w) AS TEXT)), '') AS REAL) END
            ELSE CASE WHEN c.o_content_title_alpha_w >= 0 THEN nullif(c.o_content_title_alpha_base + substr(c.o_content_title_alpha, 1 + p.k * c.o_content_title_alpha_w, c.o_content_title_alpha_w), c.o_content_title_alpha_base - 1) / 1000.0
                  WHEN c.o_content_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_content_title_alpha, 1 - p.k * c.o_content_title_alpha_w, -c.o_content_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_content_title_alpha_base
                  WHEN c.o_content_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_content_title_alpha, 1 - p.k * c.o_content_title_alpha_w, -c.o_content_title_alpha_w) AS TEXT)), '') AS REAL) END END AS content_title_alpha,
       CASE st.observed WHEN 0 THEN CASE WHEN c.avatar_scale_w >= 0 THEN nullif(c.avatar_scale_base + substr(c.avatar_scale, 1 + p.k * c.avatar_scale_w, c.avatar_scale_w), c.avatar_scale_base - 1) / 1000.0
                  WHEN c.avatar_scale_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.avatar_scale, 1 - p.k * c.avatar_scale_w, -c.avatar_scale_w) AS TEXT)), '') AS INTEGER) * c.avatar_scale_base
                  WHEN c.avatar_scale_w < 0 THEN CAST(nullif(trim(CAST(substr(c.avatar_scale, 1 - p.k * c.avatar_scale_w, -c.avatar_scale_w) AS TEXT)), '') AS REAL) END
            ELSE CASE WHEN c.o_avatar_scale_w >= 0 THEN nullif(c.o_avatar_scale_base + substr(c.o_avatar_scale, 1 + p.k * c.o_avatar_scale_w, c.o_avatar_scale_w), c.o_avatar_scale_base - 1) / 1000.0
                  WHEN c.o_avatar_scale_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_scale, 1 - p.k * c.o_avatar_scale_w, -c.o_avatar_scale_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_scale_base
                  WHEN c.o_avatar_scale_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_scale, 1 - p.k * c.o_avatar_scale_w, -c.o_avatar_scale_w) AS TEXT)), '') AS REAL) END END AS avatar_scale,
       CASE st.observed WHEN 0 THEN CASE WHEN c.avatar_tx_w >= 0 THEN nullif(c.avatar_tx_base + substr(c.avatar_tx, 1 + p.k * c.avatar_tx_w, c.avatar_tx_w), c.avatar_tx_base - 1) / 1000.0
                  WHEN c.avatar_tx_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.avatar_tx, 1 - p.k * c.avatar_tx_w, -c.avatar_tx_w) AS TEXT)), '') AS INTEGER) * c.avatar_tx_base
                  WHEN c.avatar_tx_w < 0 THEN CAST(nullif(trim(CAST(substr(c.avatar_tx, 1 - p.k * c.avatar_tx_w, -c.avatar_tx_w) AS TEXT)), '') AS REAL) END
            ELSE CASE WHEN c.o_avatar_tx_w >= 0 THEN nullif(c.o_avatar_tx_base + substr(c.o_avatar_tx, 1 + p.k * c.o_avatar_tx_w, c.o_avatar_tx_w), c.o_avatar_tx_base - 1) / 1000.0
                  WHEN c.o_avatar_tx_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_tx, 1 - p.k * c.o_avatar_tx_w, -c.o_avatar_tx_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_tx_base
                  WHEN c.o_avatar_tx_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_tx, 1 - p.k * c.o_avatar_tx_w, -c.o_avatar_tx_w) AS TEXT)), '') AS REAL) END END AS avatar_tx,
       CASE st.observed WHEN 0 THEN CASE WHEN c.avatar_ty_w >= 0 THEN nullif(c.avatar_ty_base + substr(c.avatar_ty, 1 + p.k * c.avatar_ty_w, c.avatar_ty_w), c.avatar_ty_base - 1) / 1000.0
                  WHEN c.avatar_ty_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.avatar_ty, 1 - p.k * c.avatar_ty_w, -c.avatar_ty_w) AS TEXT)), '') AS INTEGER) * c.avatar_ty_base
                  WHEN c.avatar_ty_w < 0 THEN CAST(nullif(trim(CAST(substr(c.avatar_ty, 1 - p.k * c.avatar_ty_w, -c.avatar_ty_w) AS TEXT)), '') AS REAL) END
            ELSE CASE WHEN c.o_avatar_ty_w >= 0 THEN nullif(c.o_avatar_ty_base + substr(c.o_avatar_ty, 1 + p.k * c.o_avatar_ty_w, c.o_avatar_ty_w), c.o_avatar_ty_base - 1) / 1000.0
                  WHEN c.o_avatar_ty_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_ty, 1 - p.k * c.o_avatar_ty_w, -c.o_avatar_ty_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_ty_base
                  WHEN c.o_avatar_ty_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_ty, 1 - p.k * c.o_avatar_ty_w, -c.o_avatar_ty_w) AS TEXT)), '') AS REAL) END END AS avatar_ty,
       CASE st.observed WHEN 0 THEN CASE WHEN c.blur_alpha_w >= 0 THEN nullif(c.blur_alpha_base + substr(c.blur_alpha, 1 + p.k * c.blur_alpha_w, c.blur_alpha_w), c.blur_alpha_base - 1) / 1000.0
                  WHEN c.blur_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.blur_alpha, 1 - p.k * c.blur_alpha_w, -c.blur_alpha_w) AS TEXT)), '') AS INTEGER) * c.blur_alpha_base
                  WHEN c.blur_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.blur_alpha, 1 - p.k * c.blur_alpha_w, -c.blur_alpha_w) AS TEXT)), '') AS REAL) END
            ELSE CASE WHEN c.o_blur_alpha_w >= 0 THEN nullif(c.o_blur_alpha_base + substr(c.o_blur_alpha, 1 + p.k * c.o_blur_alpha_w, c.o_blur_alpha_w), c.o_blur_alpha_base - 1) / 1000.0
                  WHEN c.o_blur_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_blur_alpha, 1 - p.k * c.o_blur_alpha_w, -c.o_blur_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_blur_alpha_base
                  WHEN c.o_blur_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_blur_alpha, 1 - p.k * c.o_blur_alpha_w, -c.o_blur_alpha_w) AS TEXT)), '') AS REAL) END END AS blur_alpha,
       CASE st.observed WHEN 0 THEN CASE CASE WHEN c.background_w >= 0 THEN nullif(c.background_base + substr(c.background, 1 + p.k * c.background_w, c.background_w), c.background_base - 1) END WHEN 0 THEN 'transparent' WHEN 1 THEN 'default' END
            ELSE CASE CASE WHEN c.o_background_w >= 0 THEN nullif(c.o_background_base + substr(c.o_background, 1 + p.k * c.o_background_w, c.o_background_w), c.o_background_base - 1) END WHEN 0 THEN 'transparent' WHEN 1 THEN 'default' END END AS background,
       CASE st.observed WHEN 0 THEN CASE WHEN c.subtitle_visible_w >= 0 THEN nullif(c.subtitle_visible_base + substr(c.subtitle_visible, 1 + p.k * c.subtitle_visible_w, c.subtitle_visible_w), c.subtitle_visible_base - 1) END
            ELSE CASE WHEN c.o_subtitle_visible_w >= 0 THEN nullif(c.o_subtitle_visible_base + substr(c.o_subtitle_visible, 1 + p.k * c.o_subtitle_visible_w, c.o_subtitle_visible_w), c.o_subtitle_visible_base - 1) END END AS subtitle_visible,
       CASE st.observed WHEN 0 THEN CASE WHEN c.subtitle_has_text_w >= 0 THEN nullif(c.subtitle_has_text_base + substr(c.subtitle_has_text, 1 + p.k * c.subtitle_has_text_w, c.subtitle_has_text_w), c.subtitle_has_text_base - 1) END
            ELSE CASE WHEN c.o_subtitle_has_text_w >= 0 THEN nullif(c.o_subtitle_has_text_base + substr(c.o_subtitle_has_text, 1 + p.k * c.o_subtitle_has_text_w, c.o_subtitle_has_text_w), c.o_subtitle_has_text_base - 1) END END AS subtitle_has_text,
       CASE st.observed WHEN 0 THEN CASE WHEN c.dropdown_expanded_w >= 0 THEN nullif(c.dropdown_expanded_base + substr(c.dropdown_expanded, 1 + p.k * c.dropdown_expanded_w, c.dropdown_expanded_w), c.dropdown_expanded_base - 1) END
            ELSE CASE WHEN c.o_dropdown_expanded_w >= 0 THEN nullif(c.o_dropdown_expanded_base + substr(c.o_dropdown_expanded, 1 + p.k * c.o_dropdown_expanded_w, c.o_dropdown_expanded_w), c.o_dropdown_expanded_base - 1) END END AS dropdown_expanded,
       CASE WHEN c.frame_duration_us_w >= 0 THEN nullif(c.frame_duration_us_base + substr(c.frame_duration_us, 1 + p.k * c.frame_duration_us_w, c.frame_duration_us_w), c.frame_duration_us_base - 1) END / 1000000.0 AS frame_duration
  FROM timeline_streams st
 CROSS JOIN sessions s
 CROSS JOIN frame_chunks c ON c.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295
 CROSS JOIN chunk_positions p ON p.k < c.samples
 WHERE st.observed = 0
    OR (c.observed_w > 0 OR c.observed_base = 1) AND CASE WHEN c.observed_w >= 0 THEN nullif(c.observed_base + substr(c.observed, 1 + p.k * c.observed_w, c.observed_w), c.observed_base - 1) END = 1;

-- One row per sample whose frame carried an observed state: how far what the app reported is from
-- what navrec's model computed, |observed - computed| per numeric field (NULL where either is NULL).
-- Where a chunk's two encodings of a field are byte for byte the same the gap is 0 without decoding
-- either (most chunks of an app without that bug), so comparing the streams costs one pass and
-- little decoding; pairing `timeline`'s two rows per sample (GROUP BY or a self-join) sorts every
-- row (Datasette's observed_drift: 5.5 s at 2,000 sessions that way, about 0.5 s over this view).
CREATE VIEW observed_gaps AS
SELECT s.id AS session_id,
       c.key - (s.session_key << 32) + p.k AS seq,
       (c.t_us_base + substr(c.t_us, 1 + p.k * c.t_us_w, c.t_us_w)) / 1000000.0 AS t,
       CASE WHEN c.o_bar_height IS c.bar_height AND c.o_bar_height_w IS c.bar_height_w AND c.o_bar_height_base IS c.bar_height_base THEN CASE WHEN CASE WHEN c.bar_height_w > 0 THEN substr(c.bar_height, 1 + p.k * c.bar_height_w, 1) = x'2d' WHEN c.bar_height_w < 0 THEN substr(c.bar_height, 1 - p.k * c.bar_height_w, 1) = x'20' AND substr(c.bar_height, -(p.k + 1) * c.bar_height_w, 1) = x'20' ELSE c.bar_height_w IS NULL END THEN NULL ELSE 0.0 END
            ELSE abs(CASE WHEN c.o_bar_height_w >= 0 THEN nullif(c.o_bar_height_base + substr(c.o_bar_height, 1 + p.k * c.o_bar_height_w, c.o_bar_height_w), c.o_bar_height_base - 1) / 1000.0
                  WHEN c.o_bar_height_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_bar_height, 1 - p.k * c.o_bar_height_w, -c.o_bar_height_w) AS TEXT)), '') AS INTEGER) * c.o_bar_height_base
                  WHEN c.o_bar_height_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_bar_height, 1 - p.k * c.o_bar_height_w, -c.o_bar_height_w) AS TEXT)), '') AS REAL) END
                 - CASE WHEN c.bar_height_w >= 0 THEN nullif(c.bar_height_base + substr(c.bar_height, 1 + p.k * c.bar_height_w, c.bar_height_w), c.bar_height_base - 1) / 1000.0
                  WHEN c.bar_height_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.bar_height, 1 - p.k * c.bar_height_w, -c.bar_height_w) AS TEXT)), '') AS INTEGER) * c.bar_height_base
                  WHEN c.bar_height_w < 0 THEN CAST(nullif(trim(CAST(substr(c.bar_height, 1 - p.k * c.bar_height_w, -c.bar_height_w) AS TEXT)), '') AS REAL) END) END AS bar_height_gap,
       CASE WHEN c.o_bar_shown IS c.bar_shown AND c.o_bar_shown_w IS c.bar_shown_w AND c.o_bar_shown_base IS c.bar_shown_base THEN CASE WHEN CASE WHEN c.bar_shown_w > 0 THEN substr(c.bar_shown, 1 + p.k * c.bar_shown_w, 1) = x'2d' WHEN c.bar_shown_w < 0 THEN substr(c.bar_shown, 1 - p.k * c.bar_shown_w, 1) = x'20' AND substr(c.bar_shown, -(p.k + 1) * c.bar_shown_w, 1) = x'20' ELSE c.bar_shown_w IS NULL END THEN NULL ELSE 0.0 END
            ELSE abs(CASE WHEN c.o_bar_shown_w >= 0 THEN nullif(c.o_bar_shown_base + substr(c.o_bar_shown, 1 + p.k * c.o_bar_shown_w, c.o_bar_shown_w), c.o_bar_shown_base - 1) / 1000.0
                  WHEN c.o_bar_shown_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_bar_shown, 1 - p.k * c.o_bar_shown_w, -c.o_bar_shown_w) AS TEXT)), '') AS INTEGER) * c.o_bar_shown_base
                  WHEN c.o_bar_shown_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_bar_shown, 1 - p.k * c.o_bar_shown_w, -c.o_bar_shown_w) AS TEXT)), '') AS REAL) END
                 - CASE WHEN c.bar_shown_w >= 0 THEN nullif(c.bar_shown_base + substr(c.bar_shown, 1 + p.k * c.bar_shown_w, c.bar_shown_w), c.bar_shown_base - 1) / 1000.0
                  WHEN c.bar_shown_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.bar_shown, 1 - p.k * c.bar_shown_w, -c.bar_shown_w) AS TEXT)), '') AS INTEGER) * c.bar_shown_base
                  WHEN c.bar_shown_w < 0 THEN CAST(nullif(trim(CAST(substr(c.bar_shown, 1 - p.k * c.bar_shown_w, -c.bar_shown_w) AS TEXT)), '') AS REAL) END) END AS bar_shown_gap,
       CASE WHEN c.o_large_title_alpha IS c.large_title_alpha AND c.o_large_title_alpha_w IS c.large_title_alpha_w AND c.o_large_title_alpha_base IS c.large_title_alpha_base THEN CASE WHEN CASE WHEN c.large_title_alpha_w > 0 THEN substr(c.large_title_alpha, 1 + p.k * c.large_title_alpha_w, 1) = x'2d' WHEN c.large_title_alpha_w < 0 THEN substr(c.large_title_alpha, 1 - p.k * c.large_title_alpha_w, 1) = x'20' AND substr(c.large_title_alpha, -(p.k + 1) * c.large_title_alpha_w, 1) = x'20' ELSE c.large_title_alpha_w IS NULL END THEN NULL ELSE 0.0 END
            ELSE abs(CASE WHEN c.o_large_title_alpha_w >= 0 THEN nullif(c.o_large_title_alpha_base + substr(c.o_large_title_alpha, 1 + p.k * c.o_large_title_alpha_w, c.o_large_title_alpha_w), c.o_large_title_alpha_base - 1) / 1000.0
                  WHEN c.o_large_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_large_title_alpha, 1 - p.k * c.o_large_title_alpha_w, -c.o_large_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_large_title_alpha_base
                  WHEN c.o_large_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_large_title_alpha, 1 - p.k * c.o_large_title_alpha_w, -c.o_large_title_alpha_w) AS TEXT)), '') AS REAL) END
                 - CASE WHEN c.large_title_alpha_w >= 0 THEN nullif(c.large_title_alpha_base + substr(c.large_title_alpha, 1 + p.k * c.large_title_alpha_w, c.large_title_alpha_w), c.large_title_alpha_base - 1) / 1000.0
                  WHEN c.large_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.large_title_alpha, 1 - p.k * c.large_title_alpha_w, -c.large_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.large_title_alpha_base
                  WHEN c.large_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.large_title_alpha, 1 - p.k * c.large_title_alpha_w, -c.large_title_alpha_w) AS TEXT)), '') AS REAL) END) END AS large_title_alpha_gap,
       CASE WHEN c.o_inline_title_alpha IS c.inline_title_alpha AND c.o_inline_title_alpha_w IS c.inline_title_alpha_w AND c.o_inline_title_alpha_base IS c.inline_title_alpha_base THEN CASE WHEN CASE WHEN c.inline_title_alpha_w > 0 THEN substr(c.inline_title_alpha, 1 + p.k * c.inline_title_alpha_w, 1) = x'2d' WHEN c.inline_title_alpha_w < 0 THEN substr(c.inline_title_alpha, 1 - p.k * c.inline_title_alpha_w, 1) = x'20' AND substr(c.inline_title_alpha, -(p.k + 1) * c.inline_title_alpha_w, 1) = x'20' ELSE c.inline_title_alpha_w IS NULL END THEN NULL ELSE 0.0 END
            ELSE abs(CASE WHEN c.o_inline_title_alpha_w >= 0 THEN nullif(c.o_inline_title_alpha_base + substr(c.o_inline_title_alpha, 1 + p.k * c.o_inline_title_alpha_w, c.o_inline_title_alpha_w), c.o_inline_title_alpha_base - 1) / 1000.0
                  WHEN c.o_inline_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_inline_title_alpha, 1 - p.k * c.o_inline_title_alpha_w, -c.o_inline_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_inline_title_alpha_base
                  WHEN c.o_inline_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_inline_title_alpha, 1 - p.k * c.o_inline_title_alpha_w, -c.o_inline_title_alpha_w) AS TEXT)), '') AS REAL) END
                 - CASE WHEN c.inline_title_alpha_w >= 0 THEN nullif(c.inline_title_alpha_base + substr(c.inline_title_alpha, 1 + p.k * c.inline_title_alpha_w, c.inline_title_alpha_w), c.inline_title_alpha_base - 1) / 1000.0
                  WHEN c.inline_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.inline_title_alpha, 1 - p.k * c.inline_title_alpha_w, -c.inline_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.inline_title_alpha_base
                  WHEN c.inline_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.inline_title_alpha, 1 - p.k * c.inline_title_alpha_w, -c.inline_title_alpha_w) AS TEXT)), '') AS REAL) END) END AS inline_title_alpha_gap,
       CASE WHEN c.o_content_title_alpha IS c.content_title_alpha AND c.o_content_title_alpha_w IS c.content_title_alpha_w AND c.o_content_title_alpha_base IS c.content_title_alpha_base THEN CASE WHEN CASE WHEN c.content_title_alpha_w > 0 THEN substr(c.content_title_alpha, 1 + p.k * c.content_title_alpha_w, 1) = x'2d' WHEN c.content_title_alpha_w < 0 THEN substr(c.content_title_alpha, 1 - p.k * c.content_title_alpha_w, 1) = x'20' AND substr(c.content_title_alpha, -(p.k + 1) * c.content_title_alpha_w, 1) = x'20' ELSE c.content_title_alpha_w IS NULL END THEN NULL ELSE 0.0 END
            ELSE abs(CASE WHEN c.o_content_title_alpha_w >= 0 THEN nullif(c.o_content_title_alpha_base + substr(c.o_content_title_alpha, 1 + p.k * c.o_content_title_alpha_w, c.o_content_title_alpha_w), c.o_content_title_alpha_base - 1) / 1000.0
                  WHEN c.o_content_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_content_title_alpha, 1 - p.k * c.o_content_title_alpha_w, -c.o_content_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_content_title_alpha_base
                  WHEN c.o_content_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_content_title_alpha, 1 - p.k * c.o_content_title_alpha_w, -c.o_content_title_alpha_w) AS TEXT)), '') AS REAL) END
                 - CASE WHEN c.content_title_alpha_w >= 0 THEN nullif(c.content_title_alpha_base + substr(c.content_title_alpha, 1 + p.k * c.content_title_alpha_w, c.content_title_alpha_w), c.content_title_alpha_base - 1) / 1000.0
                  WHEN c.content_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.content_title_alpha, 1 - p.k * c.content_title_alpha_w, -c.content_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.content_title_alpha_base
                  WHEN c.content_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.content_title_alpha, 1 - p.k * c.content_title_alpha_w, -c.content_title_alpha_w) AS TEXT)), '') AS REAL) END) END AS content_title_alpha_gap,
       CASE WHEN c.o_avatar_scale IS c.avatar_scale AND c.o_avatar_scale_w IS c.avatar_scale_w AND c.o_avatar_scale_base IS c.avatar_scale_base THEN CASE WHEN CASE WHEN c.avatar_scale_w > 0 THEN substr(c.avatar_scale, 1 + p.k * c.avatar_scale_w, 1) = x'2d' WHEN c.avatar_scale_w < 0 THEN substr(c.avatar_scale, 1 - p.k * c.avatar_scale_w, 1) = x'20' AND substr(c.avatar_scale, -(p.k + 1) * c.avatar_scale_w, 1) = x'20' ELSE c.avatar_scale_w IS NULL END THEN NULL ELSE 0.0 END
            ELSE abs(CASE WHEN c.o_avatar_scale_w >= 0 THEN nullif(c.o_avatar_scale_base + substr(c.o_avatar_scale, 1 + p.k * c.o_avatar_scale_w, c.o_avatar_scale_w), c.o_avatar_scale_base - 1) / 1000.0
                  WHEN c.o_avatar_scale_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_scale, 1 - p.k * c.o_avatar_scale_w, -c.o_avatar_scale_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_scale_base
                  WHEN c.o_avatar_scale_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_scale, 1 - p.k * c.o_avatar_scale_w, -c.o_avatar_scale_w) AS TEXT)), '') AS REAL) END
                 - CASE WHEN c.avatar_scale_w >= 0 THEN nullif(c.avatar_scale_base + substr(c.avatar_scale, 1 + p.k * c.avatar_scale_w, c.avatar_scale_w), c.avatar_scale_base - 1) / 1000.0
                  WHEN c.avatar_scale_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.avatar_scale, 1 - p.k * c.avatar_scale_w, -c.avatar_scale_w) AS TEXT)), '') AS INTEGER) * c.avatar_scale_base
                  WHEN c.avatar_scale_w < 0 THEN CAST(nullif(trim(CAST(substr(c.avatar_scale, 1 - p.k * c.avatar_scale_w, -c.avatar_scale_w) AS TEXT)), '') AS REAL) END) END AS avatar_scale_gap,
       CASE WHEN c.o_avatar_tx IS c.avatar_tx AND c.o_avatar_tx_w IS c.avatar_tx_w AND c.o_avatar_tx_base IS c.avatar_tx_base THEN CASE WHEN CASE WHEN c.avatar_tx_w > 0 THEN substr(c.avatar_tx, 1 + p.k * c.avatar_tx_w, 1) = x'2d' WHEN c.avatar_tx_w < 0 THEN substr(c.avatar_tx, 1 - p.k * c.avatar_tx_w, 1) = x'20' AND substr(c.avatar_tx, -(p.k + 1) * c.avatar_tx_w, 1) = x'20' ELSE c.avatar_tx_w IS NULL END THEN NULL ELSE 0.0 END
            ELSE abs(CASE WHEN c.o_avatar_tx_w >= 0 THEN nullif(c.o_avatar_tx_base + substr(c.o_avatar_tx, 1 + p.k * c.o_avatar_tx_w, c.o_avatar_tx_w), c.o_avatar_tx_base - 1) / 1000.0
                  WHEN c.o_avatar_tx_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_tx, 1 - p.k * c.o_avatar_tx_w, -c.o_avatar_tx_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_tx_base
                  WHEN c.o_avatar_tx_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_tx, 1 - p.k * c.o_avatar_tx_w, -c.o_avatar_tx_w) AS TEXT)), '') AS REAL) END
                 - CASE WHEN c.avatar_tx_w >= 0 THEN nullif(c.avatar_tx_base + substr(c.avatar_tx, 1 + p.k * c.avatar_tx_w, c.avatar_tx_w), c.avatar_tx_base - 1) / 1000.0
                  WHEN c.avatar_tx_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.avatar_tx, 1 - p.k * c.avatar_tx_w, -c.avatar_tx_w) AS TEXT)), '') AS INTEGER) * c.avatar_tx_base
                  WHEN c.avatar_tx_w < 0 THEN CAST(nullif(trim(CAST(substr(c.avatar_tx, 1 - p.k * c.avatar_tx_w, -c.avatar_tx_w) AS TEXT)), '') AS REAL) END) END AS avatar_tx_gap,
       CASE WHEN c.o_avatar_ty IS c.avatar_ty AND c.o_avatar_ty_w IS c.avatar_ty_w AND c.o_avatar_ty_base IS c.avatar_ty_base THEN CASE WHEN CASE WHEN c.avatar_ty_w > 0 THEN substr(c.avatar_ty, 1 + p.k * c.avatar_ty_w, 1) = x'2d' WHEN c.avatar_ty_w < 0 THEN substr(c.avatar_ty, 1 - p.k * c.avatar_ty_w, 1) = x'20' AND substr(c.avatar_ty, -(p.k + 1) * c.avatar_ty_w, 1) = x'20' ELSE c.avatar_ty_w IS NULL END THEN NULL ELSE 0.0 END
            ELSE abs(CASE WHEN c.o_avatar_ty_w >= 0 THEN nullif(c.o_avatar_ty_base + substr(c.o_avatar_ty, 1 + p.k * c.o_avatar_ty_w, c.o_avatar_ty_w), c.o_avatar_ty_base - 1) / 1000.0
                  WHEN c.o_avatar_ty_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_ty, 1 - p.k * c.o_avatar_ty_w, -c.o_avatar_ty_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_ty_base
                  WHEN c.o_avatar_ty_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_ty, 1 - p.k * c.o_avatar_ty_w, -c.o_avatar_ty_w) AS TEXT)), '') AS REAL) END
                 - CASE WHEN c.avatar_ty_w >= 0 THEN nullif(c.avatar_ty_base + substr(c.avatar_ty, 1 + p.k * c.avatar_ty_w, c.avatar_ty_w), c.avatar_ty_base - 1) / 1000.0
                  WHEN c.avatar_ty_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.avatar_ty, 1 - p.k * c.avatar_ty_w, -c.avatar_ty_w) AS TEXT)), '') AS INTEGER) * c.avatar_ty_base
                  WHEN c.avatar_ty_w < 0 THEN CAST(nullif(trim(CAST(substr(c.avatar_ty, 1 - p.k * c.avatar_ty_w, -c.avatar_ty_w) AS TEXT)), '') AS REAL) END) END AS avatar_ty_gap,
       CASE WHEN c.o_blur_alpha IS c.blur_alpha AND c.o_blur_alpha_w IS c.blur_alpha_w AND c.o_blur_alpha_base IS c.blur_alpha_base THEN CASE WHEN CASE WHEN c.blur_alpha_w > 0 THEN substr(c.blur_alpha, 1 + p.k * c.blur_alpha_w, 1) = x'2d' WHEN c.blur_alpha_w < 0 THEN substr(c.blur_alpha, 1 - p.k * c.blur_alpha_w, 1) = x'20' AND substr(c.blur_alpha, -(p.k + 1) * c.blur_alpha_w, 1) = x'20' ELSE c.blur_alpha_w IS NULL END THEN NULL ELSE 0.0 END
            ELSE abs(CASE WHEN c.o_blur_alpha_w >= 0 THEN nullif(c.o_blur_alpha_base + substr(c.o_blur_alpha, 1 + p.k * c.o_blur_alpha_w, c.o_blur_alpha_w), c.o_blur_alpha_base - 1) / 1000.0
                  WHEN c.o_blur_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_blur_alpha, 1 - p.k * c.o_blur_alpha_w, -c.o_blur_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_blur_alpha_base
                  WHEN c.o_blur_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_blur_alpha, 1 - p.k * c.o_blur_alpha_w, -c.o_blur_alpha_w) AS TEXT)), '') AS REAL) END
                 - CASE WHEN c.blur_alpha_w >= 0 THEN nullif(c.blur_alpha_base + substr(c.blur_alpha, 1 + p.k * c.blur_alpha_w, c.blur_alpha_w), c.blur_alpha_base - 1) / 1000.0
                  WHEN c.blur_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.blur_alpha, 1 - p.k * c.blur_alpha_w, -c.blur_alpha_w) AS TEXT)), '') AS INTEGER) * c.blur_alpha_base
                  WHEN c.blur_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.blur_alpha, 1 - p.k * c.blur_alpha_w, -c.blur_alpha_w) AS TEXT)), '') AS REAL) END) END AS blur_alpha_gap
  FROM sessions s
 CROSS JOIN frame_chunks c ON c.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295
 CROSS JOIN chunk_positions p ON p.k < c.samples
 WHERE (c.observed_w > 0 OR c.observed_base = 1) AND CASE WHEN c.observed_w >= 0 THEN nullif(c.observed_base + substr(c.observed, 1 + p.k * c.observed_w, c.observed_w), c.observed_base - 1) END = 1;
