-- question: How are recomputed margins (B minus W, points, after komi and handicap bonus)
--   distributed under each ruleset, per board size (margins on 9x9 and 19x19 are not alike):
--   quantiles, mean, and a histogram? The board size with the most games first.
--   Buckets: w50plus = White by >= 50, w20_50 = White by [20, 50), w5_20 = [5, 20), w0_5 = (0, 5),
--   draw = margin exactly 0 (a draw; under Ing a Black win, as Black wins ties), b0_5 = Black by
--   (0, 5), b5_20, b20_50, b50plus likewise for Black.
-- uses: status, board_width, board_height, margin_<r>
-- columns: board, ruleset, games, mean_margin, stddev_margin, min_margin, p05, p25, median, p75, p95, max_margin, w50plus, w20_50, w5_20, w0_5, draw, b0_5, b5_20, b20_50, b50plus
WITH long AS (
              SELECT 1 AS ord, 'chinese' AS ruleset, board_width AS w, board_height AS h, margin_chinese AS m FROM games WHERE status <> 'error'
    UNION ALL SELECT 2, 'japanese', board_width, board_height, margin_japanese FROM games WHERE status <> 'error'
    UNION ALL SELECT 3, 'korean', board_width, board_height, margin_korean FROM games WHERE status <> 'error'
    UNION ALL SELECT 4, 'ing', board_width, board_height, margin_ing FROM games WHERE status <> 'error'
    UNION ALL SELECT 5, 'aga', board_width, board_height, margin_aga FROM games WHERE status <> 'error'
    UNION ALL SELECT 6, 'nz', board_width, board_height, margin_nz FROM games WHERE status <> 'error'
    UNION ALL SELECT 7, 'tromp_taylor', board_width, board_height, margin_tromp_taylor FROM games WHERE status <> 'error'
)
SELECT
    w || 'x' || h AS board,
    ruleset,
    count(m) AS games,
    round(avg(m), 3) AS mean_margin,
    round(stddev_samp(m), 3) AS stddev_margin,
    min(m) AS min_margin,
    round(quantile_cont(m, 0.05), 3) AS p05,
    round(quantile_cont(m, 0.25), 3) AS p25,
    round(quantile_cont(m, 0.50), 3) AS median,
    round(quantile_cont(m, 0.75), 3) AS p75,
    round(quantile_cont(m, 0.95), 3) AS p95,
    max(m) AS max_margin,
    count(*) FILTER (WHERE m <= -50) AS w50plus,
    count(*) FILTER (WHERE m > -50 AND m <= -20) AS w20_50,
    count(*) FILTER (WHERE m > -20 AND m <= -5) AS w5_20,
    count(*) FILTER (WHERE m > -5 AND m < 0) AS w0_5,
    count(*) FILTER (WHERE m = 0) AS draw,
    count(*) FILTER (WHERE m > 0 AND m < 5) AS b0_5,
    count(*) FILTER (WHERE m >= 5 AND m < 20) AS b5_20,
    count(*) FILTER (WHERE m >= 20 AND m < 50) AS b20_50,
    count(*) FILTER (WHERE m >= 50) AS b50plus
FROM long
GROUP BY w, h, ord, ruleset
ORDER BY sum(count(m)) OVER (PARTITION BY w, h) DESC, w DESC, h DESC, ord;
