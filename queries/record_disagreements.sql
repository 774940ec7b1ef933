-- question: How often does the recorded result (RE) disagree with the score recomputed under the
--   record's own rules and komi (record_agreement), per source directory and recorded rules?
--   source_prefix is the directory holding the file (for an archive member: the archive path,
--   '!', and the member's directory), so per-folder server quirks stand out.
--   exact = same winner and margin; winner_only = same winner, other margin; differs = other
--   winner; not_comparable = no counted result or no score (resignations, unknown RE, ...).
-- uses: status, source, member, rules, record_agreement
-- columns: source_prefix, rules, games, counted_games, exact, winner_only, differs, not_comparable, differs_rate
WITH g AS (
    SELECT
        CASE
            WHEN member IS NULL THEN
                CASE WHEN contains(source, '/') THEN regexp_replace(source, '/[^/]*$', '') ELSE '.' END
            ELSE source || '!' ||
                CASE WHEN contains(member, '/') THEN regexp_replace(member, '/[^/]*$', '') ELSE '.' END
        END AS source_prefix,
        coalesce(rules, 'unknown') AS rules,
        record_agreement
    FROM games
    WHERE status <> 'error'
)
SELECT
    source_prefix,
    rules,
    count(*) AS games,
    count(*) FILTER (WHERE record_agreement IN ('exact', 'winner', 'differs')) AS counted_games,
    count(*) FILTER (WHERE record_agreement = 'exact') AS exact,
    count(*) FILTER (WHERE record_agreement = 'winner') AS winner_only,
    count(*) FILTER (WHERE record_agreement = 'differs') AS differs,
    count(*) FILTER (WHERE record_agreement = 'not_comparable' OR record_agreement IS NULL) AS not_comparable,
    round(
        count(*) FILTER (WHERE record_agreement = 'differs')
        / nullif(count(*) FILTER (WHERE record_agreement IN ('exact', 'winner', 'differs')), 0),
        4
    ) AS differs_rate
FROM g
GROUP BY source_prefix, rules
ORDER BY differs DESC, source_prefix, rules;
