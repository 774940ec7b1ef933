-- question: Where a counted record differs from the recomputed score and one chain's other fate
--   makes the two equal, what kind of chain do the records dispute? Per source directory (as
--   record_disagreements.sql) and rules: the fate the record gives the chain (alive: dead
--   stones it left on the board; dead: living stones it took off), the chain's colour and size
--   (stones; 4 stands for four or more), how many games, how many of them pinpointed (the only
--   chain that matches), and the first such game (`FILE::MEMBER game N`: `explain FILE::MEMBER
--   --game N` shows it) with the chain.
-- uses: status, source, member, game_index, rules, record_agreement, disputed_chain, disputed_color, disputed_fate, disputed_matches
-- columns: source_prefix, rules, disputed_fate, disputed_color, stones, games, pinpointed, example
WITH d AS (
    SELECT
        CASE
            WHEN member IS NULL THEN
                CASE WHEN contains(source, '/') THEN regexp_replace(source, '/[^/]*$', '') ELSE '.' END
            ELSE source || '!' ||
                CASE WHEN contains(member, '/') THEN regexp_replace(member, '/[^/]*$', '') ELSE '.' END
        END AS source_prefix,
        rules,
        disputed_fate,
        disputed_color,
        least(len(string_split(disputed_chain, ' ')), 4) AS stones,
        disputed_matches,
        source || coalesce('::' || member, '') || ' game ' || game_index || ': ' || disputed_chain AS example
    FROM games
    WHERE status <> 'error'
      AND record_agreement IN ('winner', 'differs')
      AND disputed_chain IS NOT NULL
)
SELECT
    source_prefix,
    rules,
    disputed_fate,
    disputed_color,
    stones,
    count(*) AS games,
    count(*) FILTER (WHERE disputed_matches = 1) AS pinpointed,
    min(example) AS example
FROM d
GROUP BY source_prefix, rules, disputed_fate, disputed_color, stones
ORDER BY games DESC, source_prefix, rules, disputed_fate, disputed_color, stones;
