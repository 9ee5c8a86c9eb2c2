-- Timeline of one session around a given time: every sample and stream within half a second of :t.
-- Parameters: :session (a session id), :t (seconds from the session start).
SELECT seq, ROUND(t, 4) AS t, y, phase, source,
       bar_height, bar_hidden, bar_shown, large_title_alpha, inline_title_alpha, content_title_alpha,
       avatar_scale, avatar_tx, avatar_ty, blur_alpha, background,
       subtitle_visible, subtitle_has_text, dropdown_expanded
  FROM timeline
 WHERE session_id = :session AND t BETWEEN :t - 0.5 AND :t + 0.5
 ORDER BY seq, source;
