-- question: Which games does the auditor flag as half-point flips (the winner changes between
--   rulesets by the smallest possible margin), what caused each flip, and what is the margin
--   (B minus W, points, after komi and handicap bonus) under every ruleset?
-- uses: half_point_flip, flip_cause, source, member, game_index, rules, komi, handicap, board_width, board_height, result_raw, record_agreement, dead_source, margin_<r>, margin_as_is_area, margin_recorded_rules
-- columns: source, member, game_index, rules, board_size, komi, handicap, result_raw, record_agreement, flip_cause, dead_source, margin_chinese, margin_japanese, margin_korean, margin_ing, margin_aga, margin_nz, margin_tromp_taylor, margin_as_is_area, margin_recorded_rules
SELECT
    source,
    member,
    game_index,
    rules,
    CAST(board_width AS VARCHAR) || 'x' || CAST(board_height AS VARCHAR) AS board_size,
    komi,
    handicap,
    result_raw,
    record_agreement,
    flip_cause,
    dead_source,
    margin_chinese,
    margin_japanese,
    margin_korean,
    margin_ing,
    margin_aga,
    margin_nz,
    margin_tromp_taylor,
    margin_as_is_area,
    margin_recorded_rules
FROM games
WHERE half_point_flip
ORDER BY flip_cause, source, member NULLS FIRST, game_index;
