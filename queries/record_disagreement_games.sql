-- question: Which games have a counted recorded result whose winner differs from the recomputed
--   score under the record's own rules and komi, and by how much? Which of them are records
--   that name the wrong colour?
--   margin_recorded_rules is B minus W in points; result_margin is the recorded margin as parsed.
--   colours_swapped: the recorded margin is the exact opposite of the recomputed one, by 5
--   points or more (the `explain` line "the record matches with its colours swapped"; 8 games in
--   corpus/dev, among them five KGS games of 2000; none in the Tygem counted games).
--   disputed_chain, disputed_kind, disputed_color, disputed_fate, disputed_opponents,
--   disputed_matches: the chain, group or fight whose other fate makes the recomputed score
--   equal the record, when there is one (see SCHEMA.md).
-- uses: record_agreement, source, member, game_index, rules, komi, komi_raw, handicap, result_raw, result_winner, result_margin, margin_recorded_rules, dead_source, unsettled_points, disputed_chain, disputed_kind, disputed_color, disputed_fate, disputed_opponents, disputed_matches
-- columns: source, member, game_index, rules, komi, komi_raw, handicap, result_raw, result_winner, result_margin, margin_recorded_rules, colours_swapped, dead_source, unsettled_points, disputed_chain, disputed_kind, disputed_color, disputed_fate, disputed_opponents, disputed_matches
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
    coalesce(
        result_margin >= 5
            AND margin_recorded_rules
                = CASE result_winner WHEN 'B' THEN -result_margin WHEN 'W' THEN result_margin WHEN 'draw' THEN 0 END,
        false
    ) AS colours_swapped,
    dead_source,
    unsettled_points,
    disputed_chain,
    disputed_kind,
    disputed_color,
    disputed_fate,
    disputed_opponents,
    disputed_matches
FROM games
WHERE record_agreement = 'differs'
ORDER BY source, member NULLS FIRST, game_index;
