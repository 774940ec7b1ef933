-- question: Whose counted records disagree with the recomputed score? Per player name (a game
--   counts once for its Black player and once for its White one; once, as Black, when both
--   bear one name, as a program playing itself does) and recorded rules, among
--   players with at least five counted games, most disagreements first. A player whose records
--   are almost never exact is a recording practice, not a counting error: on Fox, the AI
--   teaching bot (White `绝艺指导A/B/C`, its name damaged in the files) whose handicap games'
--   "scores" are no count of the board; on Tygem, players who take the teire points off
--   (record_teire_convention.sql). Sorted by excess_not_exact: not_exact minus the
--   not-exact games expected at the rate of all counted games under the same rules
--   (expected_not_exact), so that a prolific player does not top the list by volume alone.
--   off_by_more_than_2: counted games whose recorded margin differs from the recomputed one by
--   more than 2 points; wrong_winner: another winner (record_agreement = 'differs');
--   mean_abs_difference: mean |recomputed − recorded| margin in points over the counted games.
-- uses: status, black, white, rules, record_agreement, result_winner, result_margin, margin_recorded_rules
-- columns: player, rules, counted_games, as_black, as_white, opponents, exact, not_exact, exact_rate, expected_not_exact, excess_not_exact, off_by_more_than_2, wrong_winner, mean_abs_difference
WITH counted AS (
    SELECT
        black,
        white,
        coalesce(rules, 'unknown') AS rules,
        record_agreement,
        abs(margin_recorded_rules
            - CASE result_winner WHEN 'B' THEN result_margin WHEN 'W' THEN -result_margin WHEN 'draw' THEN 0 END) AS difference
    FROM games
    WHERE status <> 'error'
      AND record_agreement IN ('exact', 'winner', 'differs')
),
baseline AS (
    SELECT rules, avg(CASE WHEN record_agreement = 'exact' THEN 0.0 ELSE 1.0 END) AS not_exact_rate
    FROM counted
    GROUP BY rules
),
sides AS (
    SELECT black AS player, white AS opponent, 'B' AS colour, * EXCLUDE (black, white) FROM counted
    UNION ALL
    SELECT white AS player, black AS opponent, 'W' AS colour, * EXCLUDE (black, white) FROM counted
    -- a game between two players of one name (a program against itself) counts once
    WHERE white IS DISTINCT FROM black
)
SELECT
    player,
    sides.rules,
    count(*) AS counted_games,
    count(*) FILTER (WHERE colour = 'B') AS as_black,
    count(*) FILTER (WHERE colour = 'W') AS as_white,
    count(DISTINCT opponent) AS opponents,
    count(*) FILTER (WHERE record_agreement = 'exact') AS exact,
    count(*) FILTER (WHERE record_agreement <> 'exact') AS not_exact,
    round(count(*) FILTER (WHERE record_agreement = 'exact') / count(*), 4) AS exact_rate,
    round(count(*) * any_value(not_exact_rate), 1) AS expected_not_exact,
    round(count(*) FILTER (WHERE record_agreement <> 'exact') - count(*) * any_value(not_exact_rate), 1)
        AS excess_not_exact,
    count(*) FILTER (WHERE difference > 2) AS off_by_more_than_2,
    count(*) FILTER (WHERE record_agreement = 'differs') AS wrong_winner,
    round(avg(difference), 2) AS mean_abs_difference
FROM sides
JOIN baseline USING (rules)
WHERE player IS NOT NULL
GROUP BY player, sides.rules
HAVING count(*) >= 5
ORDER BY excess_not_exact DESC, player, sides.rules;
