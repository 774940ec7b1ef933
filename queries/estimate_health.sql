-- question: How far can the estimated dead stones be trusted, per source directory and way the
--   game ended? Games stopped mid-fight (resignation, time) leave open fights the estimate must
--   settle; this shows how many points it left undecided and how often it shows the shapes of a
--   misread: seki of more than ten points (large_seki: all the board's seki points together),
--   or one side left with no area at all. For resigned
--   games, resigner_behind is the share whose score under the record's own rules and komi has
--   the side that resigned behind (a weak signal: players resign ahead on the board when a
--   group dies), over resigns_scored games: those with a score under the record's rules and
--   komi (a resigned game whose komi or rules are unknown, such as Fox's even games with
--   `KM[0]`, is left out of the share). A margin of 0 leaves neither side behind, but under
--   Ing's rules, which give a tie to Black, White is behind. A scan run with `--playouts 1`
--   (footer key kifu_audit.playouts) leaves no group unsettled: mean_unsettled and
--   unsettled_over_20 count only openings' stones there, whatever the estimate's confidence.
-- uses: status, source, member, result_kind, result_winner, rules, dead_source, unsettled_points, seki_points, black_area, white_area, margin_recorded_rules
-- columns: source_prefix, result_kind, games, mean_unsettled, unsettled_over_20, large_seki, one_side_nothing, resigner_behind, resigns_scored
WITH g AS (
    SELECT
        CASE
            WHEN member IS NULL THEN
                CASE WHEN contains(source, '/') THEN regexp_replace(source, '/[^/]*$', '') ELSE '.' END
            ELSE source || '!' ||
                CASE WHEN contains(member, '/') THEN regexp_replace(member, '/[^/]*$', '') ELSE '.' END
        END AS source_prefix,
        coalesce(result_kind, 'unknown') AS result_kind,
        result_winner,
        rules,
        unsettled_points,
        seki_points,
        black_area,
        white_area,
        margin_recorded_rules
    FROM games
    WHERE status <> 'error' AND dead_source = 'estimated'
)
SELECT
    source_prefix,
    result_kind,
    count(*) AS games,
    round(avg(unsettled_points), 2) AS mean_unsettled,
    count(*) FILTER (WHERE unsettled_points > 20) AS unsettled_over_20,
    count(*) FILTER (WHERE seki_points > 10) AS large_seki,
    count(*) FILTER (WHERE black_area = 0 OR white_area = 0) AS one_side_nothing,
    round(
        avg(CASE
            WHEN result_kind <> 'resign' OR result_winner NOT IN ('B', 'W')
                OR margin_recorded_rules IS NULL THEN NULL
            -- a margin of 0 is a tie: Ing gives it to Black, so White is behind there
            WHEN result_winner = 'B' THEN (margin_recorded_rules > 0
                OR (margin_recorded_rules = 0 AND rules = 'ing'))::INTEGER
            ELSE (margin_recorded_rules < 0)::INTEGER
        END),
        4
    ) AS resigner_behind,
    count(*) FILTER (WHERE result_kind = 'resign' AND result_winner IN ('B', 'W')
                     AND margin_recorded_rules IS NOT NULL) AS resigns_scored
FROM g
GROUP BY source_prefix, result_kind
ORDER BY games DESC, source_prefix, result_kind;
