-- question: Which games have a counted recorded result whose winner differs from the recomputed
--   score under the record's own rules and komi, and by how much?
--   margin_recorded_rules is B minus W in points; result_margin is the recorded margin as parsed.
-- uses: record_agreement, source, member, game_index, rules, komi, komi_raw, handicap, result_raw, result_winner, result_margin, margin_recorded_rules, dead_source, unsettled_points
-- columns: source, member, game_index, rules, komi, komi_raw, handicap, result_raw, result_winner, result_margin, margin_recorded_rules, dead_source, unsettled_points
SELECT
    source,
    member,
    game_index,
    rules,
    komi,
    komi_raw,
    handicap,
    result_raw,
    result_winner,
    result_margin,
    margin_recorded_rules,
    dead_source,
    unsettled_points
FROM games
WHERE record_agreement = 'differs'
ORDER BY source, member NULLS FIRST, game_index;
