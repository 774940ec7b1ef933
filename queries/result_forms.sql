-- question: Which recorded result (RE) forms occur, how were they parsed (winner, kind, margin),
--   and is the recorded margin compatible with the komi (the margin, in points, plus or minus
--   the komi a whole number)? A margin the reader rejected as no count (`W+0.0`, `B+0.02`,
--   `W+3.2`, `black wins by 5 3/4 points`, `黑胜2.75目`, `黒3目勝ち` at komi 6.5, `W+半目` at komi 7: result_margin NULL) shows as false, whatever the komi (a win by 0 or by 0.02 is
--   no count under any); NULL means no margin written, or a margin and no komi to check it by,
--   or a text naming no winner (`B+1.5 ? W+timeout`: two results).
-- uses: status, result_raw, result_winner, result_kind, result_margin, komi
-- columns: result_winner, result_kind, has_margin, margin_fraction_ok, games, example_raw
SELECT
    coalesce(result_winner, 'unknown') AS result_winner,
    coalesce(result_kind, 'unknown') AS result_kind,
    result_margin IS NOT NULL AS has_margin,
    CASE
        WHEN result_margin IS NULL AND result_winner IN ('B', 'W')
          AND (regexp_matches(upper(trim(result_raw)), '^[BW] *\+ *[0-9]')
               -- in words, only where the reader found no other ending (`wins by resign
               -- after 10 sec` is a resignation with no margin, not one rejected)
               OR result_kind = 'unknown'
                  AND (regexp_matches(upper(result_raw), '\bBY +[0-9]')
                       OR regexp_matches(result_raw, '[胜勝] *[0-9]')
                       -- a count in points or stones, in digits, numerals or a half
                       -- (`黒3目勝ち`, `백 3집 승`, `黑胜七目`, `W+半目`)
                       OR regexp_matches(result_raw, '[0-9０-９一二三四五六七八九十百半] *[目집子点點]'))) THEN false
        WHEN komi IS NULL THEN NULL
        WHEN result_margin IS NOT NULL THEN (result_margin - komi) = floor(result_margin - komi)
          OR (result_margin + komi) = floor(result_margin + komi)
    END AS margin_fraction_ok,
    count(*) AS games,
    min(result_raw) AS example_raw
FROM games
WHERE status <> 'error'
GROUP BY ALL
ORDER BY games DESC, result_winner, result_kind, has_margin, margin_fraction_ok NULLS FIRST;
