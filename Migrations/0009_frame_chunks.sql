-- navrec schema 9: frames are stored a chunk of up to 64 samples per row, one column per field
-- (README "Storage layout"). The table `frames` (a row per sample) becomes `frame_chunks`; navrec
-- converts every stored frame when it applies this migration (Migrator: FrameChunkMigration), so no
-- sample is lost. `timeline` and `observed` stay plain views with a row per sample, readable in any
-- SQLite client; they decode the chunks with substr() and arithmetic.
--
-- Each value column (t_us, y, phase, vy, frame_duration_us, observed, the 14 computed-state and the
-- 14 o_ observed-state columns) holds one chunk's values as a BLOB of fixed-width fields, with its
-- width in <column>_w and base in <column>_base (NULL when no sample of the chunk has a value; ANY
-- for the numbers, which hold a REAL there in the second form below):
-- - <column>_w >= 0: field k is the ASCII decimal of value - base, zero-padded to the width, so the
--   value is base + substr(blob, 1 + k * w, w); NULL is written -1 (-01, ...), i.e. base - 1. A width
--   of 0 means every value equals base. t_us and frame_duration_us are microseconds, phase and
--   background codes, booleans 0/1, observed 1 when the frame carried an observed state; y, vy and
--   the numeric state fields are exact thousandths (m / 1000.0 is the very value recorded).
-- - <column>_w < 0 (numbers with a value that has no exact thousandths, such as a model's
--   0.9998857142857143): when <column>_base is a REAL, it is a power of two 2^-s and field k the
--   integer value * 2^s, right-aligned in -w bytes, so CAST(field AS INTEGER) * base is the value
--   bit for bit; else (magnitudes too far apart for one s) field k is the number's shortest
--   round-trip text, which SQLite reads to within one unit in the last place. NULL is all spaces.
-- The views test the width before decoding, so a column a session does not use costs no function call.

CREATE TABLE frame_chunks (
    key        INTEGER PRIMARY KEY,  -- (session_key << 32) | seq of the chunk's first sample
    samples    INTEGER NOT NULL,     -- 1 ..= 64
    t_us                 BLOB, t_us_w INTEGER, t_us_base INTEGER,
    y                    BLOB, y_w INTEGER, y_base ANY,
    phase                BLOB, phase_w INTEGER, phase_base INTEGER,
    vy                   BLOB, vy_w INTEGER, vy_base ANY,
    frame_duration_us    BLOB, frame_duration_us_w INTEGER, frame_duration_us_base INTEGER,
    observed             BLOB, observed_w INTEGER, observed_base INTEGER,
    bar_height           BLOB, bar_height_w INTEGER, bar_height_base ANY,
    bar_hidden           BLOB, bar_hidden_w INTEGER, bar_hidden_base INTEGER,
    bar_shown            BLOB, bar_shown_w INTEGER, bar_shown_base ANY,
    large_title_alpha    BLOB, large_title_alpha_w INTEGER, large_title_alpha_base ANY,
    inline_title_alpha   BLOB, inline_title_alpha_w INTEGER, inline_title_alpha_base ANY,
    content_title_alpha  BLOB, content_title_alpha_w INTEGER, content_title_alpha_base ANY,
    avatar_scale         BLOB, avatar_scale_w INTEGER, avatar_scale_base ANY,
    avatar_tx            BLOB, avatar_tx_w INTEGER, avatar_tx_base ANY,
    avatar_ty            BLOB, avatar_ty_w INTEGER, avatar_ty_base ANY,
    blur_alpha           BLOB, blur_alpha_w INTEGER, blur_alpha_base ANY,
    background           BLOB, background_w INTEGER, background_base INTEGER,
    subtitle_visible     BLOB, subtitle_visible_w INTEGER, subtitle_visible_base INTEGER,
    subtitle_has_text    BLOB, subtitle_has_text_w INTEGER, subtitle_has_text_base INTEGER,
    dropdown_expanded    BLOB, dropdown_expanded_w INTEGER, dropdown_expanded_base INTEGER,
    o_bar_height         BLOB, o_bar_height_w INTEGER, o_bar_height_base ANY,
    o_bar_hidden         BLOB, o_bar_hidden_w INTEGER, o_bar_hidden_base INTEGER,
    o_bar_shown          BLOB, o_bar_shown_w INTEGER, o_bar_shown_base ANY,
    o_large_title_alpha  BLOB, o_large_title_alpha_w INTEGER, o_large_title_alpha_base ANY,
    o_inline_title_alpha BLOB, o_inline_title_alpha_w INTEGER, o_inline_title_alpha_base ANY,
    o_content_title_alpha BLOB, o_content_title_alpha_w INTEGER, o_content_title_alpha_base ANY,
    o_avatar_scale       BLOB, o_avatar_scale_w INTEGER, o_avatar_scale_base ANY,
    o_avatar_tx          BLOB, o_avatar_tx_w INTEGER, o_avatar_tx_base ANY,
    o_avatar_ty          BLOB, o_avatar_ty_w INTEGER, o_avatar_ty_base ANY,
    o_blur_alpha         BLOB, o_blur_alpha_w INTEGER, o_blur_alpha_base ANY,
    o_background         BLOB, o_background_w INTEGER, o_background_base INTEGER,
    o_subtitle_visible   BLOB, o_subtitle_visible_w INTEGER, o_subtitle_visible_base INTEGER,
    o_subtitle_has_text  BLOB, o_subtitle_has_text_w INTEGER, o_subtitle_has_text_base INTEGER,
    o_dropdown_expanded  BLOB, o_dropdown_expanded_w INTEGER, o_dropdown_expanded_base INTEGER
) STRICT;

-- The positions within a chunk, 0 ..= 63: the views join them to a chunk's row to make a row per
-- sample (generate_series is not in every SQLite client).
CREATE TABLE chunk_positions (k INTEGER PRIMARY KEY) STRICT;
WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < 63)
INSERT INTO chunk_positions (k) SELECT k FROM n;

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
       'computed' AS source,
       CASE WHEN c.bar_height_w >= 0 THEN nullif(c.bar_height_base + substr(c.bar_height, 1 + p.k * c.bar_height_w, c.bar_height_w), c.bar_height_base - 1) / 1000.0
            WHEN c.bar_height_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.bar_height, 1 - p.k * c.bar_height_w, -c.bar_height_w) AS TEXT)), '') AS INTEGER) * c.bar_height_base
            WHEN c.bar_height_w < 0 THEN CAST(nullif(trim(CAST(substr(c.bar_height, 1 - p.k * c.bar_height_w, -c.bar_height_w) AS TEXT)), '') AS REAL) END AS bar_height,
       CASE WHEN c.bar_hidden_w >= 0 THEN nullif(c.bar_hidden_base + substr(c.bar_hidden, 1 + p.k * c.bar_hidden_w, c.bar_hidden_w), c.bar_hidden_base - 1) END AS bar_hidden,
       CASE WHEN c.bar_shown_w >= 0 THEN nullif(c.bar_shown_base + substr(c.bar_shown, 1 + p.k * c.bar_shown_w, c.bar_shown_w), c.bar_shown_base - 1) / 1000.0
            WHEN c.bar_shown_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.bar_shown, 1 - p.k * c.bar_shown_w, -c.bar_shown_w) AS TEXT)), '') AS INTEGER) * c.bar_shown_base
            WHEN c.bar_shown_w < 0 THEN CAST(nullif(trim(CAST(substr(c.bar_shown, 1 - p.k * c.bar_shown_w, -c.bar_shown_w) AS TEXT)), '') AS REAL) END AS bar_shown,
       CASE WHEN c.large_title_alpha_w >= 0 THEN nullif(c.large_title_alpha_base + substr(c.large_title_alpha, 1 + p.k * c.large_title_alpha_w, c.large_title_alpha_w), c.large_title_alpha_base - 1) / 1000.0
            WHEN c.large_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.large_title_alpha, 1 - p.k * c.large_title_alpha_w, -c.large_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.large_title_alpha_base
            WHEN c.large_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.large_title_alpha, 1 - p.k * c.large_title_alpha_w, -c.large_title_alpha_w) AS TEXT)), '') AS REAL) END AS large_title_alpha,
       CASE WHEN c.inline_title_alpha_w >= 0 THEN nullif(c.inline_title_alpha_base + substr(c.inline_title_alpha, 1 + p.k * c.inline_title_alpha_w, c.inline_title_alpha_w), c.inline_title_alpha_base - 1) / 1000.0
            WHEN c.inline_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.inline_title_alpha, 1 - p.k * c.inline_title_alpha_w, -c.inline_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.inline_title_alpha_base
            WHEN c.inline_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.inline_title_alpha, 1 - p.k * c.inline_title_alpha_w, -c.inline_title_alpha_w) AS TEXT)), '') AS REAL) END AS inline_title_alpha,
       CASE WHEN c.content_title_alpha_w >= 0 THEN nullif(c.content_title_alpha_base + substr(c.content_title_alpha, 1 + p.k * c.content_title_alpha_w, c.content_title_alpha_w), c.content_title_alpha_base - 1) / 1000.0
            WHEN c.content_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.content_title_alpha, 1 - p.k * c.content_title_alpha_w, -c.content_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.content_title_alpha_base
            WHEN c.content_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.content_title_alpha, 1 - p.k * c.content_title_alpha_w, -c.content_title_alpha_w) AS TEXT)), '') AS REAL) END AS content_title_alpha,
       CASE WHEN c.avatar_scale_w >= 0 THEN nullif(c.avatar_scale_base + substr(c.avatar_scale, 1 + p.k * c.avatar_scale_w, c.avatar_scale_w), c.avatar_scale_base - 1) / 1000.0
            WHEN c.avatar_scale_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.avatar_scale, 1 - p.k * c.avatar_scale_w, -c.avatar_scale_w) AS TEXT)), '') AS INTEGER) * c.avatar_scale_base
            WHEN c.avatar_scale_w < 0 THEN CAST(nullif(trim(CAST(substr(c.avatar_scale, 1 - p.k * c.avatar_scale_w, -c.avatar_scale_w) AS TEXT)), '') AS REAL) END AS avatar_scale,
       CASE WHEN c.avatar_tx_w >= 0 THEN nullif(c.avatar_tx_base + substr(c.avatar_tx, 1 + p.k * c.avatar_tx_w, c.avatar_tx_w), c.avatar_tx_base - 1) / 1000.0
            WHEN c.avatar_tx_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.avatar_tx, 1 - p.k * c.avatar_tx_w, -c.avatar_tx_w) AS TEXT)), '') AS INTEGER) * c.avatar_tx_base
            WHEN c.avatar_tx_w < 0 THEN CAST(nullif(trim(CAST(substr(c.avatar_tx, 1 - p.k * c.avatar_tx_w, -c.avatar_tx_w) AS TEXT)), '') AS REAL) END AS avatar_tx,
       CASE WHEN c.avatar_ty_w >= 0 THEN nullif(c.avatar_ty_base + substr(c.avatar_ty, 1 + p.k * c.avatar_ty_w, c.avatar_ty_w), c.avatar_ty_base - 1) / 1000.0
            WHEN c.avatar_ty_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.avatar_ty, 1 - p.k * c.avatar_ty_w, -c.avatar_ty_w) AS TEXT)), '') AS INTEGER) * c.avatar_ty_base
            WHEN c.avatar_ty_w < 0 THEN CAST(nullif(trim(CAST(substr(c.avatar_ty, 1 - p.k * c.avatar_ty_w, -c.avatar_ty_w) AS TEXT)), '') AS REAL) END AS avatar_ty,
       CASE WHEN c.blur_alpha_w >= 0 THEN nullif(c.blur_alpha_base + substr(c.blur_alpha, 1 + p.k * c.blur_alpha_w, c.blur_alpha_w), c.blur_alpha_base - 1) / 1000.0
            WHEN c.blur_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.blur_alpha, 1 - p.k * c.blur_alpha_w, -c.blur_alpha_w) AS TEXT)), '') AS INTEGER) * c.blur_alpha_base
            WHEN c.blur_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.blur_alpha, 1 - p.k * c.blur_alpha_w, -c.blur_alpha_w) AS TEXT)), '') AS REAL) END AS blur_alpha,
       CASE CASE WHEN c.background_w >= 0 THEN nullif(c.background_base + substr(c.background, 1 + p.k * c.background_w, c.background_w), c.background_base - 1) END WHEN 0 THEN 'transparent' WHEN 1 THEN 'default' END AS background,
       CASE WHEN c.subtitle_visible_w >= 0 THEN nullif(c.subtitle_visible_base + substr(c.subtitle_visible, 1 + p.k * c.subtitle_visible_w, c.subtitle_visible_w), c.subtitle_visible_base - 1) END AS subtitle_visible,
       CASE WHEN c.subtitle_has_text_w >= 0 THEN nullif(c.subtitle_has_text_base + substr(c.subtitle_has_text, 1 + p.k * c.subtitle_has_text_w, c.subtitle_has_text_w), c.subtitle_has_text_base - 1) END AS subtitle_has_text,
       CASE WHEN c.dropdown_expanded_w >= 0 THEN nullif(c.dropdown_expanded_base + substr(c.dropdown_expanded, 1 + p.k * c.dropdown_expanded_w, c.dropdown_expanded_w), c.dropdown_expanded_base - 1) END AS dropdown_expanded,
       CASE WHEN c.frame_duration_us_w >= 0 THEN nullif(c.frame_duration_us_base + substr(c.frame_duration_us, 1 + p.k * c.frame_duration_us_w, c.frame_duration_us_w), c.frame_duration_us_base - 1) END / 1000000.0 AS frame_duration
  FROM sessions s
  JOIN frame_chunks c ON c.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295
  JOIN chunk_positions p ON p.k < c.samples
UNION ALL
SELECT s.id,
       c.key - (s.session_key << 32) + p.k,
       (c.t_us_base + substr(c.t_us, 1 + p.k * c.t_us_w, c.t_us_w)) / 1000000.0,
       CASE WHEN c.y_w >= 0 THEN nullif(c.y_base + substr(c.y, 1 + p.k * c.y_w, c.y_w), c.y_base - 1) / 1000.0
            WHEN c.y_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.y, 1 - p.k * c.y_w, -c.y_w) AS TEXT)), '') AS INTEGER) * c.y_base
            WHEN c.y_w < 0 THEN CAST(nullif(trim(CAST(substr(c.y, 1 - p.k * c.y_w, -c.y_w) AS TEXT)), '') AS REAL) END,
       CASE CASE WHEN c.phase_w >= 0 THEN nullif(c.phase_base + substr(c.phase, 1 + p.k * c.phase_w, c.phase_w), c.phase_base - 1) END WHEN 0 THEN 'idle' WHEN 1 THEN 'drag' WHEN 2 THEN 'decelerate'
                    WHEN 3 THEN 'bounce' WHEN 4 THEN 'animate' END,
       'observed',
       CASE WHEN c.o_bar_height_w >= 0 THEN nullif(c.o_bar_height_base + substr(c.o_bar_height, 1 + p.k * c.o_bar_height_w, c.o_bar_height_w), c.o_bar_height_base - 1) / 1000.0
            WHEN c.o_bar_height_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_bar_height, 1 - p.k * c.o_bar_height_w, -c.o_bar_height_w) AS TEXT)), '') AS INTEGER) * c.o_bar_height_base
            WHEN c.o_bar_height_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_bar_height, 1 - p.k * c.o_bar_height_w, -c.o_bar_height_w) AS TEXT)), '') AS REAL) END,
       CASE WHEN c.o_bar_hidden_w >= 0 THEN nullif(c.o_bar_hidden_base + substr(c.o_bar_hidden, 1 + p.k * c.o_bar_hidden_w, c.o_bar_hidden_w), c.o_bar_hidden_base - 1) END,
       CASE WHEN c.o_bar_shown_w >= 0 THEN nullif(c.o_bar_shown_base + substr(c.o_bar_shown, 1 + p.k * c.o_bar_shown_w, c.o_bar_shown_w), c.o_bar_shown_base - 1) / 1000.0
            WHEN c.o_bar_shown_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_bar_shown, 1 - p.k * c.o_bar_shown_w, -c.o_bar_shown_w) AS TEXT)), '') AS INTEGER) * c.o_bar_shown_base
            WHEN c.o_bar_shown_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_bar_shown, 1 - p.k * c.o_bar_shown_w, -c.o_bar_shown_w) AS TEXT)), '') AS REAL) END,
       CASE WHEN c.o_large_title_alpha_w >= 0 THEN nullif(c.o_large_title_alpha_base + substr(c.o_large_title_alpha, 1 + p.k * c.o_large_title_alpha_w, c.o_large_title_alpha_w), c.o_large_title_alpha_base - 1) / 1000.0
            WHEN c.o_large_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_large_title_alpha, 1 - p.k * c.o_large_title_alpha_w, -c.o_large_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_large_title_alpha_base
            WHEN c.o_large_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_large_title_alpha, 1 - p.k * c.o_large_title_alpha_w, -c.o_large_title_alpha_w) AS TEXT)), '') AS REAL) END,
       CASE WHEN c.o_inline_title_alpha_w >= 0 THEN nullif(c.o_inline_title_alpha_base + substr(c.o_inline_title_alpha, 1 + p.k * c.o_inline_title_alpha_w, c.o_inline_title_alpha_w), c.o_inline_title_alpha_base - 1) / 1000.0
            WHEN c.o_inline_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_inline_title_alpha, 1 - p.k * c.o_inline_title_alpha_w, -c.o_inline_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_inline_title_alpha_base
            WHEN c.o_inline_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_inline_title_alpha, 1 - p.k * c.o_inline_title_alpha_w, -c.o_inline_title_alpha_w) AS TEXT)), '') AS REAL) END,
       CASE WHEN c.o_content_title_alpha_w >= 0 THEN nullif(c.o_content_title_alpha_base + substr(c.o_content_title_alpha, 1 + p.k * c.o_content_title_alpha_w, c.o_content_title_alpha_w), c.o_content_title_alpha_base - 1) / 1000.0
            WHEN c.o_content_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_content_title_alpha, 1 - p.k * c.o_content_title_alpha_w, -c.o_content_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_content_title_alpha_base
            WHEN c.o_content_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_content_title_alpha, 1 - p.k * c.o_content_title_alpha_w, -c.o_content_title_alpha_w) AS TEXT)), '') AS REAL) END,
       CASE WHEN c.o_avatar_scale_w >= 0 THEN nullif(c.o_avatar_scale_base + substr(c.o_avatar_scale, 1 + p.k * c.o_avatar_scale_w, c.o_avatar_scale_w), c.o_avatar_scale_base - 1) / 1000.0
            WHEN c.o_avatar_scale_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_scale, 1 - p.k * c.o_avatar_scale_w, -c.o_avatar_scale_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_scale_base
            WHEN c.o_avatar_scale_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_scale, 1 - p.k * c.o_avatar_scale_w, -c.o_avatar_scale_w) AS TEXT)), '') AS REAL) END,
       CASE WHEN c.o_avatar_tx_w >= 0 THEN nullif(c.o_avatar_tx_base + substr(c.o_avatar_tx, 1 + p.k * c.o_avatar_tx_w, c.o_avatar_tx_w), c.o_avatar_tx_base - 1) / 1000.0
            WHEN c.o_avatar_tx_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_tx, 1 - p.k * c.o_avatar_tx_w, -c.o_avatar_tx_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_tx_base
            WHEN c.o_avatar_tx_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_tx, 1 - p.k * c.o_avatar_tx_w, -c.o_avatar_tx_w) AS TEXT)), '') AS REAL) END,
       CASE WHEN c.o_avatar_ty_w >= 0 THEN nullif(c.o_avatar_ty_base + substr(c.o_avatar_ty, 1 + p.k * c.o_avatar_ty_w, c.o_avatar_ty_w), c.o_avatar_ty_base - 1) / 1000.0
            WHEN c.o_avatar_ty_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_ty, 1 - p.k * c.o_avatar_ty_w, -c.o_avatar_ty_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_ty_base
            WHEN c.o_avatar_ty_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_ty, 1 - p.k * c.o_avatar_ty_w, -c.o_avatar_ty_w) AS TEXT)), '') AS REAL) END,
       CASE WHEN c.o_blur_alpha_w >= 0 THEN nullif(c.o_blur_alpha_base + substr(c.o_blur_alpha, 1 + p.k * c.o_blur_alpha_w, c.o_blur_alpha_w), c.o_blur_alpha_base - 1) / 1000.0
            WHEN c.o_blur_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_blur_alpha, 1 - p.k * c.o_blur_alpha_w, -c.o_blur_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_blur_alpha_base
            WHEN c.o_blur_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_blur_alpha, 1 - p.k * c.o_blur_alpha_w, -c.o_blur_alpha_w) AS TEXT)), '') AS REAL) END,
       CASE CASE WHEN c.o_background_w >= 0 THEN nullif(c.o_background_base + substr(c.o_background, 1 + p.k * c.o_background_w, c.o_background_w), c.o_background_base - 1) END WHEN 0 THEN 'transparent' WHEN 1 THEN 'default' END,
       CASE WHEN c.o_subtitle_visible_w >= 0 THEN nullif(c.o_subtitle_visible_base + substr(c.o_subtitle_visible, 1 + p.k * c.o_subtitle_visible_w, c.o_subtitle_visible_w), c.o_subtitle_visible_base - 1) END,
       CASE WHEN c.o_subtitle_has_text_w >= 0 THEN nullif(c.o_subtitle_has_text_base + substr(c.o_subtitle_has_text, 1 + p.k * c.o_subtitle_has_text_w, c.o_subtitle_has_text_w), c.o_subtitle_has_text_base - 1) END,
       CASE WHEN c.o_dropdown_expanded_w >= 0 THEN nullif(c.o_dropdown_expanded_base + substr(c.o_dropdown_expanded, 1 + p.k * c.o_dropdown_expanded_w, c.o_dropdown_expanded_w), c.o_dropdown_expanded_base - 1) END,
       CASE WHEN c.frame_duration_us_w >= 0 THEN nullif(c.frame_duration_us_base + substr(c.frame_duration_us, 1 + p.k * c.frame_duration_us_w, c.frame_duration_us_w), c.frame_duration_us_base - 1) END / 1000000.0
  FROM sessions s
  JOIN frame_chunks c ON c.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295
  JOIN chunk_positions p ON p.k < c.samples
 WHERE (c.observed_w > 0 OR c.observed_base = 1) AND CASE WHEN c.observed_w >= 0 THEN nullif(c.observed_base + substr(c.observed, 1 + p.k * c.observed_w, c.observed_w), c.observed_base - 1) END = 1;

DROP VIEW observed;
-- The observed states as a table of their own, keyed like the old frames: (session_key << 32) | seq.
CREATE VIEW observed AS
SELECT c.key + p.k AS key,
       CASE WHEN c.o_bar_height_w >= 0 THEN nullif(c.o_bar_height_base + substr(c.o_bar_height, 1 + p.k * c.o_bar_height_w, c.o_bar_height_w), c.o_bar_height_base - 1) / 1000.0
            WHEN c.o_bar_height_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_bar_height, 1 - p.k * c.o_bar_height_w, -c.o_bar_height_w) AS TEXT)), '') AS INTEGER) * c.o_bar_height_base
            WHEN c.o_bar_height_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_bar_height, 1 - p.k * c.o_bar_height_w, -c.o_bar_height_w) AS TEXT)), '') AS REAL) END AS bar_height,
       CASE WHEN c.o_bar_hidden_w >= 0 THEN nullif(c.o_bar_hidden_base + substr(c.o_bar_hidden, 1 + p.k * c.o_bar_hidden_w, c.o_bar_hidden_w), c.o_bar_hidden_base - 1) END AS bar_hidden,
       CASE WHEN c.o_bar_shown_w >= 0 THEN nullif(c.o_bar_shown_base + substr(c.o_bar_shown, 1 + p.k * c.o_bar_shown_w, c.o_bar_shown_w), c.o_bar_shown_base - 1) / 1000.0
            WHEN c.o_bar_shown_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_bar_shown, 1 - p.k * c.o_bar_shown_w, -c.o_bar_shown_w) AS TEXT)), '') AS INTEGER) * c.o_bar_shown_base
            WHEN c.o_bar_shown_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_bar_shown, 1 - p.k * c.o_bar_shown_w, -c.o_bar_shown_w) AS TEXT)), '') AS REAL) END AS bar_shown,
       CASE WHEN c.o_large_title_alpha_w >= 0 THEN nullif(c.o_large_title_alpha_base + substr(c.o_large_title_alpha, 1 + p.k * c.o_large_title_alpha_w, c.o_large_title_alpha_w), c.o_large_title_alpha_base - 1) / 1000.0
            WHEN c.o_large_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_large_title_alpha, 1 - p.k * c.o_large_title_alpha_w, -c.o_large_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_large_title_alpha_base
            WHEN c.o_large_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_large_title_alpha, 1 - p.k * c.o_large_title_alpha_w, -c.o_large_title_alpha_w) AS TEXT)), '') AS REAL) END AS large_title_alpha,
       CASE WHEN c.o_inline_title_alpha_w >= 0 THEN nullif(c.o_inline_title_alpha_base + substr(c.o_inline_title_alpha, 1 + p.k * c.o_inline_title_alpha_w, c.o_inline_title_alpha_w), c.o_inline_title_alpha_base - 1) / 1000.0
            WHEN c.o_inline_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_inline_title_alpha, 1 - p.k * c.o_inline_title_alpha_w, -c.o_inline_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_inline_title_alpha_base
            WHEN c.o_inline_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_inline_title_alpha, 1 - p.k * c.o_inline_title_alpha_w, -c.o_inline_title_alpha_w) AS TEXT)), '') AS REAL) END AS inline_title_alpha,
       CASE WHEN c.o_content_title_alpha_w >= 0 THEN nullif(c.o_content_title_alpha_base + substr(c.o_content_title_alpha, 1 + p.k * c.o_content_title_alpha_w, c.o_content_title_alpha_w), c.o_content_title_alpha_base - 1) / 1000.0
            WHEN c.o_content_title_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_content_title_alpha, 1 - p.k * c.o_content_title_alpha_w, -c.o_content_title_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_content_title_alpha_base
            WHEN c.o_content_title_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_content_title_alpha, 1 - p.k * c.o_content_title_alpha_w, -c.o_content_title_alpha_w) AS TEXT)), '') AS REAL) END AS content_title_alpha,
       CASE WHEN c.o_avatar_scale_w >= 0 THEN nullif(c.o_avatar_scale_base + substr(c.o_avatar_scale, 1 + p.k * c.o_avatar_scale_w, c.o_avatar_scale_w), c.o_avatar_scale_base - 1) / 1000.0
            WHEN c.o_avatar_scale_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_scale, 1 - p.k * c.o_avatar_scale_w, -c.o_avatar_scale_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_scale_base
            WHEN c.o_avatar_scale_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_scale, 1 - p.k * c.o_avatar_scale_w, -c.o_avatar_scale_w) AS TEXT)), '') AS REAL) END AS avatar_scale,
       CASE WHEN c.o_avatar_tx_w >= 0 THEN nullif(c.o_avatar_tx_base + substr(c.o_avatar_tx, 1 + p.k * c.o_avatar_tx_w, c.o_avatar_tx_w), c.o_avatar_tx_base - 1) / 1000.0
            WHEN c.o_avatar_tx_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_tx, 1 - p.k * c.o_avatar_tx_w, -c.o_avatar_tx_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_tx_base
            WHEN c.o_avatar_tx_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_tx, 1 - p.k * c.o_avatar_tx_w, -c.o_avatar_tx_w) AS TEXT)), '') AS REAL) END AS avatar_tx,
       CASE WHEN c.o_avatar_ty_w >= 0 THEN nullif(c.o_avatar_ty_base + substr(c.o_avatar_ty, 1 + p.k * c.o_avatar_ty_w, c.o_avatar_ty_w), c.o_avatar_ty_base - 1) / 1000.0
            WHEN c.o_avatar_ty_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_avatar_ty, 1 - p.k * c.o_avatar_ty_w, -c.o_avatar_ty_w) AS TEXT)), '') AS INTEGER) * c.o_avatar_ty_base
            WHEN c.o_avatar_ty_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_avatar_ty, 1 - p.k * c.o_avatar_ty_w, -c.o_avatar_ty_w) AS TEXT)), '') AS REAL) END AS avatar_ty,
       CASE WHEN c.o_blur_alpha_w >= 0 THEN nullif(c.o_blur_alpha_base + substr(c.o_blur_alpha, 1 + p.k * c.o_blur_alpha_w, c.o_blur_alpha_w), c.o_blur_alpha_base - 1) / 1000.0
            WHEN c.o_blur_alpha_base IS NOT NULL THEN CAST(nullif(trim(CAST(substr(c.o_blur_alpha, 1 - p.k * c.o_blur_alpha_w, -c.o_blur_alpha_w) AS TEXT)), '') AS INTEGER) * c.o_blur_alpha_base
            WHEN c.o_blur_alpha_w < 0 THEN CAST(nullif(trim(CAST(substr(c.o_blur_alpha, 1 - p.k * c.o_blur_alpha_w, -c.o_blur_alpha_w) AS TEXT)), '') AS REAL) END AS blur_alpha,
       CASE WHEN c.o_background_w >= 0 THEN nullif(c.o_background_base + substr(c.o_background, 1 + p.k * c.o_background_w, c.o_background_w), c.o_background_base - 1) END AS background,
       CASE WHEN c.o_subtitle_visible_w >= 0 THEN nullif(c.o_subtitle_visible_base + substr(c.o_subtitle_visible, 1 + p.k * c.o_subtitle_visible_w, c.o_subtitle_visible_w), c.o_subtitle_visible_base - 1) END AS subtitle_visible,
       CASE WHEN c.o_subtitle_has_text_w >= 0 THEN nullif(c.o_subtitle_has_text_base + substr(c.o_subtitle_has_text, 1 + p.k * c.o_subtitle_has_text_w, c.o_subtitle_has_text_w), c.o_subtitle_has_text_base - 1) END AS subtitle_has_text,
       CASE WHEN c.o_dropdown_expanded_w >= 0 THEN nullif(c.o_dropdown_expanded_base + substr(c.o_dropdown_expanded, 1 + p.k * c.o_dropdown_expanded_w, c.o_dropdown_expanded_w), c.o_dropdown_expanded_base - 1) END AS dropdown_expanded
  FROM frame_chunks c
  JOIN chunk_positions p ON p.k < c.samples
 WHERE (c.observed_w > 0 OR c.observed_base = 1) AND CASE WHEN c.observed_w >= 0 THEN nullif(c.observed_base + substr(c.observed, 1 + p.k * c.observed_w, c.observed_w), c.observed_base - 1) END = 1;

-- Deleting from `observed` clears the frame's observed flag (its o_ values are then never read).
CREATE TRIGGER observed_delete INSTEAD OF DELETE ON observed
BEGIN
    UPDATE frame_chunks
       SET observed = CAST(substr(CASE observed_w WHEN 0 THEN printf('%.*c', samples, char(48 + observed_base)) ELSE CAST(observed AS TEXT) END, 1, OLD.key - key)
                           || '0'
                           || substr(CASE observed_w WHEN 0 THEN printf('%.*c', samples, char(48 + observed_base)) ELSE CAST(observed AS TEXT) END, OLD.key - key + 2) AS BLOB),
           observed_w = 1,
           observed_base = 0
     WHERE key = (SELECT max(key) FROM frame_chunks WHERE key <= OLD.key);
END;

DROP TRIGGER sessions_delete;
CREATE TRIGGER sessions_delete AFTER DELETE ON sessions
BEGIN
    DELETE FROM frame_chunks WHERE key BETWEEN OLD.session_key << 32 AND (OLD.session_key << 32) + 4294967295;
    DELETE FROM events WHERE session_key = OLD.session_key;
    DELETE FROM findings WHERE session_key = OLD.session_key;
    DELETE FROM analyses WHERE session_key = OLD.session_key;
    DELETE FROM session_columns WHERE session_key = OLD.session_key;
END;
