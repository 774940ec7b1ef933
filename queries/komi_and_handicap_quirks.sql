-- question: Which raw komi spellings occur (KM[375], KM[2.75], KM[5 1/2], KM[] ...), how were they
--   read (komi, komi_quirk), and where did the handicap come from (handicap_source)?
-- uses: status, komi_raw, komi, komi_quirk, handicap, handicap_source, rules
-- columns: komi_raw, komi, komi_quirk, handicap_source, handicap, rules, games
SELECT
    komi_raw,
    komi,
    komi_quirk,
    handicap_source,
    handicap,
    coalesce(rules, 'unknown') AS rules,
    count(*) AS games
FROM games
WHERE status <> 'error'
GROUP BY ALL
ORDER BY games DESC, komi_raw NULLS FIRST, komi_quirk NULLS FIRST, handicap_source, handicap, rules;
