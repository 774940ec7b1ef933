-- question: Of the counted results that disagree with the recomputed score, how many differ only
--   by dead stones thrown into a two-point eye that the count left on the board? Such a stone
--   (black_throw_ins, white_throw_ins: a lone dead stone in atari whose liberty only the other
--   colour's live stones touch) is taken off by the estimate; a count that leaves it scores 3
--   points less for the capturer, under any counting (Tygem: about one record in thirty with
--   one such stone; see tests/audit/scoring_accuracy.rs). shift = recorded − margin_recorded_rules;
--   a record follows that convention when shift is a non-zero multiple of 3 between
--   −3·white_throw_ins and 3·black_throw_ins. per source directory (as record_disagreements.sql)
--   and rules: with_throw_ins = counted games with such a stone; exact = record_agreement exact;
--   throw_in_convention = not exact, but explained so; other_disagreements = the rest of the
--   counted games not exact; throw_in_share = throw_in_convention over the counted games that
--   are not exact.
-- uses: status, source, member, rules, record_agreement, result_winner, result_margin, margin_recorded_rules, black_throw_ins, white_throw_ins
-- columns: source_prefix, rules, counted_games, with_throw_ins, exact, throw_in_convention, other_disagreements, throw_in_share
WITH g AS (
    SELECT
        CASE
            WHEN member IS NULL THEN
                CASE WHEN contains(source, '/') THEN regexp_replace(source, '/[^/]*$', '') ELSE '.' END
            ELSE source || '!' ||
                CASE WHEN contains(member, '/') THEN regexp_replace(member, '/[^/]*$', '') ELSE '.' END
        END AS source_prefix,
        rules,
        record_agreement,
        black_throw_ins,
        white_throw_ins,
        (CASE result_winner WHEN 'B' THEN result_margin WHEN 'W' THEN -result_margin WHEN 'draw' THEN 0 END)
            - margin_recorded_rules AS shift
    FROM games
    WHERE status <> 'error'
      AND record_agreement IN ('exact', 'winner', 'differs')
),
e AS (
    SELECT
        *,
        record_agreement <> 'exact'
            AND shift <> 0
            AND shift % 3 = 0
            AND shift BETWEEN -3 * white_throw_ins AND 3 * black_throw_ins AS explained
    FROM g
)
SELECT
    source_prefix,
    rules,
    count(*) AS counted_games,
    count(*) FILTER (WHERE black_throw_ins + white_throw_ins > 0) AS with_throw_ins,
    count(*) FILTER (WHERE record_agreement = 'exact') AS exact,
    count(*) FILTER (WHERE explained) AS throw_in_convention,
    count(*) FILTER (WHERE record_agreement <> 'exact' AND explained IS NOT TRUE) AS other_disagreements,
    round(
        count(*) FILTER (WHERE explained)
        / nullif(count(*) FILTER (WHERE record_agreement <> 'exact'), 0),
        4
    ) AS throw_in_share
FROM e
GROUP BY source_prefix, rules
ORDER BY throw_in_convention DESC, source_prefix, rules;
