-- question: Which games occur more than once (same game_hash: same size, setup and move
--   sequence), how many copies, and do the copies agree on players and recorded result?
--   Games of fewer than 20 moves are left out: a short opening is shared by many games (in
--   corpus/dev a one-move game "occurred" twelve times between twelve pairs of players, and
--   setups of handicap stones alone four times), so the hash cannot tell their copies apart;
--   unless twenty stones or more were set up beyond the handicap stones: a composed position
--   (a problem, a regression test) is one game whatever its few moves.
-- uses: status, game_hash, source, member, game_index, black, white, result_raw, moves,
--   setup_black, setup_white, handicap
--   locations: `FILE::MEMBER game N` (`explain FILE::MEMBER --game N` shows it), `;` between.
-- columns: game_hash, copies, distinct_results, distinct_players, moves, locations
SELECT
    game_hash,
    count(*) AS copies,
    count(DISTINCT coalesce(result_raw, '')) AS distinct_results,
    count(DISTINCT coalesce(black, '') || ' vs ' || coalesce(white, '')) AS distinct_players,
    max(moves) AS moves,
    string_agg(source || coalesce('::' || member, '') || ' game ' || CAST(game_index AS VARCHAR), ' ; '
               ORDER BY source, member, game_index) AS locations
FROM games
WHERE status <> 'error' AND game_hash IS NOT NULL
  AND (moves >= 20 OR setup_black + setup_white - coalesce(handicap, 0) >= 20)
GROUP BY game_hash
HAVING count(*) > 1
ORDER BY copies DESC, game_hash;
