-- Timeline of one session around a given time: every sample and stream within half a second of $t.
-- Parameters: $session (a session id), $t (seconds from the session start). t to 0.0001 s
-- (FLOOR(x * 1e4 + 0.5) / 1e4: the same in every engine).
SELECT seq, FLOOR(t * 1e4 + 0.5) / 1e4 AS t, y, phase, source,
       bar_height, bar_hidden, bar_shown, large_title_alpha, inline_title_alpha, content_title_alpha,
       avatar_scale, avatar_tx, avatar_ty, blur_alpha, background,
       subtitle_visible, subtitle_has_text, dropdown_expanded
  FROM timeline
 WHERE session_id = $session AND t BETWEEN $t - 0.5 AND $t + 0.5
 ORDER BY seq, source;
