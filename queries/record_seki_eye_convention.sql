-- question: How do counted records under territory counting treat seki eyes? Japanese and
--   Korean counting score nothing for them (SCHEMA.md: black_seki_eyes), and
--   margin_recorded_rules follows the rules; but some servers' counts score them as
--   territory (Tygem: about three records in five where the two sides have unequal seki
--   eyes; KGS's Japanese counts never). seki_eyes_scored is margin_recorded_rules with
--   Black's seki eyes minus White's added. per source directory (as record_disagreements.sql)
--   and rules, over the counted games whose two sides have unequal seki eyes:
--   scored = the record equals seki_eyes_scored; not_scored = the record equals
--   margin_recorded_rules (exact); neither = the rest; scored_share = scored over scored
--   plus not_scored.
-- uses: status, source, member, rules, record_agreement, result_winner, result_margin, margin_recorded_rules, black_seki_eyes, white_seki_eyes
-- columns: source_prefix, rules, games_with_unequal_seki_eyes, scored, not_scored, neither, scored_share
WITH g AS (
    SELECT
        CASE
            WHEN member IS NULL THEN
                CASE WHEN contains(source, '/') THEN regexp_replace(source, '/[^/]*$', '') ELSE '.' END
            ELSE source || '!' ||
                CASE WHEN contains(member, '/') THEN regexp_replace(member, '/[^/]*$', '') ELSE '.' END
        END AS source_prefix,
        rules,
        CASE result_winner WHEN 'B' THEN result_margin WHEN 'W' THEN -result_margin WHEN 'draw' THEN 0 END AS recorded,
        margin_recorded_rules AS ours,
        margin_recorded_rules + black_seki_eyes - white_seki_eyes AS seki_eyes_scored
    FROM games
    WHERE status <> 'error'
      AND rules IN ('korean', 'japanese')
      AND record_agreement IN ('exact', 'winner', 'differs')
      AND black_seki_eyes <> white_seki_eyes
)
SELECT
    source_prefix,
    rules,
    count(*) AS games_with_unequal_seki_eyes,
    count(*) FILTER (WHERE recorded = seki_eyes_scored) AS scored,
    count(*) FILTER (WHERE recorded = ours) AS not_scored,
    count(*) FILTER (WHERE recorded <> seki_eyes_scored AND recorded <> ours) AS neither,
    round(
        count(*) FILTER (WHERE recorded = seki_eyes_scored)
        / nullif(count(*) FILTER (WHERE recorded = seki_eyes_scored OR recorded = ours), 0),
        4
    ) AS scored_share
FROM g
GROUP BY source_prefix, rules
ORDER BY games_with_unequal_seki_eyes DESC, source_prefix, rules;
