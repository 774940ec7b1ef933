-- question: How many games are illegal under each ruleset, by kind of the first violation?
--   games_replayed counts non-error rows (the denominator of illegal_rate).
-- uses: status, legal_<r>, illegal_kind_<r>
-- columns: ruleset, illegal_kind, illegal_games, games_replayed, illegal_rate
WITH per_rule AS (
              SELECT 1 AS ord, 'chinese' AS ruleset, legal_chinese AS legal, illegal_kind_chinese AS illegal_kind FROM games WHERE status <> 'error'
    UNION ALL SELECT 2, 'japanese', legal_japanese, illegal_kind_japanese FROM games WHERE status <> 'error'
    UNION ALL SELECT 3, 'korean', legal_korean, illegal_kind_korean FROM games WHERE status <> 'error'
    UNION ALL SELECT 4, 'ing', legal_ing, illegal_kind_ing FROM games WHERE status <> 'error'
    UNION ALL SELECT 5, 'aga', legal_aga, illegal_kind_aga FROM games WHERE status <> 'error'
    UNION ALL SELECT 6, 'nz', legal_nz, illegal_kind_nz FROM games WHERE status <> 'error'
    UNION ALL SELECT 7, 'tromp_taylor', legal_tromp_taylor, illegal_kind_tromp_taylor FROM games WHERE status <> 'error'
),
totals AS (
    SELECT ord, ruleset, count(*) AS games_replayed FROM per_rule GROUP BY ord, ruleset
)
SELECT
    p.ruleset,
    coalesce(p.illegal_kind, 'unknown') AS illegal_kind,
    count(*) AS illegal_games,
    t.games_replayed,
    round(count(*) / t.games_replayed, 6) AS illegal_rate
FROM per_rule AS p
JOIN totals AS t USING (ord, ruleset)
WHERE p.legal = false
GROUP BY p.ord, p.ruleset, coalesce(p.illegal_kind, 'unknown'), t.games_replayed
ORDER BY p.ord, illegal_games DESC, illegal_kind;
