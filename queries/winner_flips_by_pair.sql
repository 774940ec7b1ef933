-- question: For every pair of rulesets (all 21 pairs of chinese, japanese, korean, ing, aga, nz,
--   tromp_taylor), how often does the recomputed winner change, and how often is that a half-point
--   flip, by board size and handicap bucket? Rates are shares of the games compared;
--   half_point_share_of_flips is the share of the pair's winner flips that are half-point flips
--   (NULL when the pair has none).
--   A pair's winner flip: winner_a <> winner_b (a draw against a win counts).
--   A pair's half-point flip: a winner flip where |margin_a| <= 1 and |margin_b| <= 1 (the game is
--   within a point under both rulesets, e.g. B+0.5 under area vs W+0.5 under territory).
--   Error rows and rows with a NULL winner under either ruleset are left out.
-- uses: status, source, member, game_index, board_width, board_height, handicap, margin_<r>, winner_<r>
-- columns: ruleset_a, ruleset_b, board_size, handicap_bucket, games, winner_flips, winner_flip_rate, half_point_flips, half_point_flip_rate, half_point_share_of_flips
WITH scored AS (
    SELECT
        -- one id a game, by its key (a window with no order could number a row twice over
        -- when the scan is split across threads and read again by each join side)
        row_number() OVER (ORDER BY source, member NULLS FIRST, game_index) AS gid,
        CAST(board_width AS VARCHAR) || 'x' || CAST(board_height AS VARCHAR) AS board_size,
        CASE
            WHEN coalesce(handicap, 0) <= 1 THEN '0-1'
            WHEN handicap = 2 THEN '2'
            WHEN handicap <= 4 THEN '3-4'
            WHEN handicap <= 6 THEN '5-6'
            ELSE '7+'
        END AS handicap_bucket,
        margin_chinese, winner_chinese, margin_japanese, winner_japanese,
        margin_korean, winner_korean, margin_ing, winner_ing, margin_aga, winner_aga,
        margin_nz, winner_nz, margin_tromp_taylor, winner_tromp_taylor
    FROM games
    WHERE status <> 'error'
),
long AS (
              SELECT gid, board_size, handicap_bucket, 1 AS ord, 'chinese' AS ruleset, margin_chinese AS margin, winner_chinese AS winner FROM scored
    UNION ALL SELECT gid, board_size, handicap_bucket, 2, 'japanese', margin_japanese, winner_japanese FROM scored
    UNION ALL SELECT gid, board_size, handicap_bucket, 3, 'korean', margin_korean, winner_korean FROM scored
    UNION ALL SELECT gid, board_size, handicap_bucket, 4, 'ing', margin_ing, winner_ing FROM scored
    UNION ALL SELECT gid, board_size, handicap_bucket, 5, 'aga', margin_aga, winner_aga FROM scored
    UNION ALL SELECT gid, board_size, handicap_bucket, 6, 'nz', margin_nz, winner_nz FROM scored
    UNION ALL SELECT gid, board_size, handicap_bucket, 7, 'tromp_taylor', margin_tromp_taylor, winner_tromp_taylor FROM scored
),
pairs AS (
    SELECT
        a.ord AS ord_a, b.ord AS ord_b,
        a.ruleset AS ruleset_a, b.ruleset AS ruleset_b,
        a.board_size, a.handicap_bucket,
        a.winner <> b.winner AS flip,
        a.winner <> b.winner AND abs(a.margin) <= 1 AND abs(b.margin) <= 1 AS half_point
    FROM long AS a
    JOIN long AS b ON a.gid = b.gid AND a.ord < b.ord
    WHERE a.winner IS NOT NULL AND b.winner IS NOT NULL
)
SELECT
    ruleset_a,
    ruleset_b,
    board_size,
    handicap_bucket,
    count(*) AS games,
    count(*) FILTER (WHERE flip) AS winner_flips,
    round(count(*) FILTER (WHERE flip) / count(*), 4) AS winner_flip_rate,
    count(*) FILTER (WHERE half_point) AS half_point_flips,
    round(count(*) FILTER (WHERE half_point) / count(*), 4) AS half_point_flip_rate,
    round(count(*) FILTER (WHERE half_point) / nullif(count(*) FILTER (WHERE flip), 0), 4)
        AS half_point_share_of_flips
FROM pairs
GROUP BY ord_a, ord_b, ruleset_a, ruleset_b, board_size, handicap_bucket
ORDER BY ord_a, ord_b, length(board_size), board_size, handicap_bucket;
