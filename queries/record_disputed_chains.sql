-- question: Where a counted record differs from the recomputed score and some stones' other
--   fate makes the two equal, what do the records dispute? Per source directory (as
--   record_disagreements.sql) and rules: the kind (chain: one dead chain the record left on
--   the board, tried first; group: chains linked by shared liberties; fight: a group and the
--   enemy chains beside it, each the other way), the fate the record gives the stones (alive:
--   dead stones it left on the board; dead: living stones it took off; a fight's side the record
--   leaves alive), their colour and size (stones; 4 stands for four or more), how many games,
--   how many of them pinpointed (the only match of its kind's tier), and one such game (a
--   pinpointed one when there is one)
--   (`FILE::MEMBER game N`: `explain FILE::MEMBER --game N` shows it) with the stones. About
--   one chain match in three, and one group or fight match in eight, is a coincidence (SCHEMA.md, disputed_chain).
--   Only the games no convention explains, as record_disagreement_causes.sql counts them
--   (its disputed_chain column): a thrown-in stone left on the board is a dead chain too, but
--   the convention query has it.
-- uses: status, source, member, game_index, rules, record_agreement, result_winner, result_margin, margin_recorded_rules, black_teire, white_teire, black_throw_ins, white_throw_ins, black_seki_eyes, white_seki_eyes, disputed_chain, disputed_kind, disputed_color, disputed_fate, disputed_opponents, disputed_matches
-- columns: source_prefix, rules, disputed_kind, disputed_fate, disputed_color, stones, games, pinpointed, example
WITH d AS (
    SELECT
        CASE
            WHEN member IS NULL THEN
                CASE WHEN contains(source, '/') THEN regexp_replace(source, '/[^/]*$', '') ELSE '.' END
            ELSE source || '!' ||
                CASE WHEN contains(member, '/') THEN regexp_replace(member, '/[^/]*$', '') ELSE '.' END
        END AS source_prefix,
        rules,
        disputed_kind,
        disputed_fate,
        disputed_color,
        least(len(string_split(disputed_chain, ' ')), 4) AS stones,
        disputed_matches,
        source || coalesce('::' || member, '') || ' game ' || game_index || ': ' || disputed_chain
            || coalesce(' against ' || disputed_opponents, '') AS example,
        margin_recorded_rules AS ours,
        CASE result_winner WHEN 'B' THEN result_margin WHEN 'W' THEN -result_margin WHEN 'draw' THEN 0 END AS recorded,
        CASE rules
            WHEN 'korean' THEN margin_recorded_rules - black_teire + white_teire
            WHEN 'japanese' THEN margin_recorded_rules + black_teire - white_teire
        END AS other_teire,
        CASE WHEN rules IN ('korean', 'japanese') AND black_seki_eyes <> white_seki_eyes
            THEN margin_recorded_rules + black_seki_eyes - white_seki_eyes
        END AS seki_eyes_scored,
        black_throw_ins,
        white_throw_ins
    FROM games
    WHERE status <> 'error'
      AND record_agreement IN ('winner', 'differs')
      AND disputed_chain IS NOT NULL
),
-- the causes record_disagreement_causes.sql tries before disputed stones
unexplained AS (
    SELECT *
    FROM d
    WHERE NOT coalesce(
        (abs(recorded) >= 5 AND ours = -recorded)
        OR recorded = other_teire
        OR (recorded <> ours AND (recorded - ours) % 3 = 0
            AND recorded - ours BETWEEN -3 * white_throw_ins AND 3 * black_throw_ins)
        OR (recorded <> other_teire AND (recorded - other_teire) % 3 = 0
            AND recorded - other_teire BETWEEN -3 * white_throw_ins AND 3 * black_throw_ins)
        OR recorded = seki_eyes_scored,
        false)
)
SELECT
    source_prefix,
    rules,
    disputed_kind,
    disputed_fate,
    disputed_color,
    stones,
    count(*) AS games,
    count(*) FILTER (WHERE disputed_matches = 1) AS pinpointed,
    coalesce(min(example) FILTER (WHERE disputed_matches = 1), min(example)) AS example
FROM unexplained
GROUP BY source_prefix, rules, disputed_kind, disputed_fate, disputed_color, stones
ORDER BY games DESC, source_prefix, rules, disputed_kind, disputed_fate, disputed_color, stones;
