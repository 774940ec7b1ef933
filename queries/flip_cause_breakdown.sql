-- question: Why do rulesets disagree? Counts of winner flips and half-point flips by flip_cause,
--   recorded rules, board size and handicap (as classified by the auditor per game). The games
--   no ruleset pair flips are the rows whose flip_cause is '-', so a cell's flip rate is its
--   flips over the games of all its rows (a flip always has a cause: games = winner_flips in
--   every other row).
-- uses: status, winner_flip, half_point_flip, flip_cause, rules, board_width, board_height, handicap
-- columns: flip_cause, rules, board_size, handicap_bucket, games, winner_flips, half_point_flips
SELECT
    coalesce(flip_cause, '-') AS flip_cause,
    coalesce(rules, 'unknown') AS rules,
    CAST(board_width AS VARCHAR) || 'x' || CAST(board_height AS VARCHAR) AS board_size,
    CASE
        WHEN coalesce(handicap, 0) <= 1 THEN '0-1'
        WHEN handicap = 2 THEN '2'
        WHEN handicap <= 4 THEN '3-4'
        WHEN handicap <= 6 THEN '5-6'
        ELSE '7+'
    END AS handicap_bucket,
    count(*) AS games,
    count(*) FILTER (WHERE winner_flip) AS winner_flips,
    count(*) FILTER (WHERE half_point_flip) AS half_point_flips
FROM games
WHERE status <> 'error'
GROUP BY ALL
ORDER BY winner_flips DESC, half_point_flips DESC, games DESC, flip_cause, rules, board_size,
    handicap_bucket;
