-- question: How much of the disagreement between counted records and the recomputed score is
--   the records' own doing? Each counted game that is not exact gets the first cause that
--   explains it: colours_swapped (the recorded margin is the exact opposite of the recomputed
--   one, by 5 points or more: a record naming the wrong side, see record_disagreement_games.sql),
--   teire_convention (Korean or Japanese rules: the record counts the teire points the other
--   way, see record_teire_convention.sql), throw_in_convention (the record leaves dead stones
--   thrown into a two-point eye on the board, 3 points each, see
--   record_throw_in_convention.sql), both_conventions (the two together; about as many
--   records match it as would by chance, see the README),
--   seki_eye_convention (Korean or Japanese rules: the record scores the seki eyes as
--   territory, see record_seki_eye_convention.sql), disputed_chain (some stones' other fate
--   makes our count equal the record: a dead chain it left on the board, or a group or a fight
--   it read the other way; see record_disputed_chains.sql), else unexplained: the estimate or the record is
--   wrong (unexplained_wrong_winners: of those, the games whose winner differs). per source
--   directory (as record_disagreements.sql) and rules. Each label is a match, which may be a
--   coincidence: on Tygem and KGS most are real, on Fox none beats chance (the README's
--   permutation control).
-- uses: status, source, member, rules, record_agreement, result_winner, result_margin, margin_recorded_rules, black_teire, white_teire, black_throw_ins, white_throw_ins, black_seki_eyes, white_seki_eyes, disputed_chain
-- columns: source_prefix, rules, counted_games, exact, not_exact, colours_swapped, teire_convention, throw_in_convention, both_conventions, seki_eye_convention, disputed_chain, unexplained, unexplained_wrong_winners
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
        margin_recorded_rules AS ours,
        CASE result_winner WHEN 'B' THEN result_margin WHEN 'W' THEN -result_margin WHEN 'draw' THEN 0 END AS recorded,
        CASE rules
            WHEN 'korean' THEN margin_recorded_rules - black_teire + white_teire
            WHEN 'japanese' THEN margin_recorded_rules + black_teire - white_teire
        END AS other_teire,
        black_throw_ins,
        white_throw_ins,
        CASE WHEN rules IN ('korean', 'japanese') AND black_seki_eyes <> white_seki_eyes
            THEN margin_recorded_rules + black_seki_eyes - white_seki_eyes
        END AS seki_eyes_scored,
        disputed_chain
    FROM games
    WHERE status <> 'error'
      AND record_agreement IN ('exact', 'winner', 'differs')
),
c AS (
    SELECT
        *,
        CASE
            WHEN record_agreement = 'exact' THEN 'exact'
            WHEN abs(recorded) >= 5 AND ours = -recorded THEN 'colours_swapped'
            WHEN recorded = other_teire THEN 'teire_convention'
            WHEN recorded <> ours
                AND (recorded - ours) % 3 = 0
                AND recorded - ours BETWEEN -3 * white_throw_ins AND 3 * black_throw_ins
                THEN 'throw_in_convention'
            WHEN recorded <> other_teire
                AND (recorded - other_teire) % 3 = 0
                AND recorded - other_teire BETWEEN -3 * white_throw_ins AND 3 * black_throw_ins
                THEN 'both_conventions'
            WHEN recorded = seki_eyes_scored THEN 'seki_eye_convention'
            WHEN disputed_chain IS NOT NULL THEN 'disputed_chain'
            ELSE 'unexplained'
        END AS cause
    FROM g
)
SELECT
    source_prefix,
    rules,
    count(*) AS counted_games,
    count(*) FILTER (WHERE cause = 'exact') AS exact,
    count(*) FILTER (WHERE cause <> 'exact') AS not_exact,
    count(*) FILTER (WHERE cause = 'colours_swapped') AS colours_swapped,
    count(*) FILTER (WHERE cause = 'teire_convention') AS teire_convention,
    count(*) FILTER (WHERE cause = 'throw_in_convention') AS throw_in_convention,
    count(*) FILTER (WHERE cause = 'both_conventions') AS both_conventions,
    count(*) FILTER (WHERE cause = 'seki_eye_convention') AS seki_eye_convention,
    count(*) FILTER (WHERE cause = 'disputed_chain') AS disputed_chain,
    count(*) FILTER (WHERE cause = 'unexplained') AS unexplained,
    count(*) FILTER (WHERE cause = 'unexplained' AND record_agreement = 'differs') AS unexplained_wrong_winners
FROM c
GROUP BY source_prefix, rules
ORDER BY counted_games DESC, source_prefix, rules;
