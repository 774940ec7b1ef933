-- question: Which games contain a move that is illegal under a ruleset, at which move number, and
--   of which kind (occupied, suicide, ko, superko, off_board)? One row per (ruleset, game).
-- uses: source, member, game_index, rules, moves, legal_<r>, first_illegal_move_<r>, illegal_kind_<r>
-- columns: ruleset, source, member, game_index, rules, moves, first_illegal_move, illegal_kind
WITH per_rule AS (
              SELECT 1 AS ord, 'chinese' AS ruleset, source, member, game_index, rules, moves, legal_chinese AS legal, first_illegal_move_chinese AS first_illegal_move, illegal_kind_chinese AS illegal_kind FROM games
    UNION ALL SELECT 2, 'japanese', source, member, game_index, rules, moves, legal_japanese, first_illegal_move_japanese, illegal_kind_japanese FROM games
    UNION ALL SELECT 3, 'korean', source, member, game_index, rules, moves, legal_korean, first_illegal_move_korean, illegal_kind_korean FROM games
    UNION ALL SELECT 4, 'ing', source, member, game_index, rules, moves, legal_ing, first_illegal_move_ing, illegal_kind_ing FROM games
    UNION ALL SELECT 5, 'aga', source, member, game_index, rules, moves, legal_aga, first_illegal_move_aga, illegal_kind_aga FROM games
    UNION ALL SELECT 6, 'nz', source, member, game_index, rules, moves, legal_nz, first_illegal_move_nz, illegal_kind_nz FROM games
    UNION ALL SELECT 7, 'tromp_taylor', source, member, game_index, rules, moves, legal_tromp_taylor, first_illegal_move_tromp_taylor, illegal_kind_tromp_taylor FROM games
)
SELECT ruleset, source, member, game_index, rules, moves, first_illegal_move, illegal_kind
FROM per_rule
WHERE legal = false
ORDER BY ord, source, member NULLS FIRST, game_index;
