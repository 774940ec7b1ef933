-- question: Of the counted results that disagree with the recomputed score, how many differ only
--   by the record's teire convention? A teire point (black_teire, white_teire) is territory its
--   owner must fill: Korean counting scores it, Japanese counting does not, and records follow
--   either way game by game (Tygem: about two games in three count every teire point, the rest
--   none; see tests/audit/scoring_accuracy.rs). other_convention is margin_recorded_rules
--   counted the other way: Korean rules with the teire taken off, Japanese rules with them
--   scored. Area counting (and unknown rules) leaves nothing to choose: those games are not
--   listed. per source directory (as record_disagreements.sql) and rules:
--   with_teire = counted games with a teire point; exact = record_agreement exact;
--   teire_convention = not exact, but the record equals other_convention;
--   other_disagreements = the rest of the counted games; teire_share = teire_convention over
--   the counted games that are not exact.
-- uses: status, source, member, rules, record_agreement, result_winner, result_margin, margin_recorded_rules, black_teire, white_teire
-- columns: source_prefix, rules, counted_games, with_teire, exact, teire_convention, other_disagreements, teire_share
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
        black_teire + white_teire > 0 AS has_teire,
        CASE result_winner WHEN 'B' THEN result_margin WHEN 'W' THEN -result_margin WHEN 'draw' THEN 0 END AS recorded,
        CASE rules
            WHEN 'korean' THEN margin_recorded_rules - black_teire + white_teire
            WHEN 'japanese' THEN margin_recorded_rules + black_teire - white_teire
        END AS other_convention
    FROM games
    WHERE status <> 'error'
      AND rules IN ('korean', 'japanese')
      AND record_agreement IN ('exact', 'winner', 'differs')
)
SELECT
    source_prefix,
    rules,
    count(*) AS counted_games,
    count(*) FILTER (WHERE has_teire) AS with_teire,
    count(*) FILTER (WHERE record_agreement = 'exact') AS exact,
    count(*) FILTER (WHERE record_agreement <> 'exact' AND recorded = other_convention) AS teire_convention,
    count(*) FILTER (
        WHERE record_agreement <> 'exact' AND recorded IS DISTINCT FROM other_convention
    ) AS other_disagreements,
    round(
        count(*) FILTER (WHERE record_agreement <> 'exact' AND recorded = other_convention)
        / nullif(count(*) FILTER (WHERE record_agreement <> 'exact'), 0),
        4
    ) AS teire_share
FROM g
GROUP BY source_prefix, rules
ORDER BY teire_convention DESC, source_prefix, rules;
