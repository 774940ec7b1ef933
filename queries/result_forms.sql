-- question: Which recorded result (RE) forms occur, how were they parsed (winner, kind, margin),
--   and is the recorded counted margin compatible with the komi (recorded margin minus komi a
--   whole number) under points or stone units?
-- uses: status, result_raw, result_winner, result_kind, result_margin, komi
-- columns: result_winner, result_kind, has_margin, margin_fraction_ok, games, example_raw
SELECT
    coalesce(result_winner, 'unknown') AS result_winner,
    coalesce(result_kind, 'unknown') AS result_kind,
    result_margin IS NOT NULL AS has_margin,
    CASE
        WHEN result_margin IS NULL OR komi IS NULL THEN NULL
        ELSE (result_margin - komi) = floor(result_margin - komi)
          OR (result_margin + komi) = floor(result_margin + komi)
    END AS margin_fraction_ok,
    count(*) AS games,
    min(result_raw) AS example_raw
FROM games
WHERE status <> 'error'
GROUP BY ALL
ORDER BY games DESC, result_winner, result_kind, has_margin, margin_fraction_ok NULLS FIRST;
