-- question: Which games occur more than once (same game_hash: same size, setup and move
--   sequence), how many copies, and do the copies agree on players and recorded result?
--   Records with neither moves nor setup stones (empty games, which all hash alike) are left out.
-- uses: status, game_hash, source, member, game_index, black, white, result_raw, moves, setup_black, setup_white
-- columns: game_hash, copies, distinct_results, distinct_players, moves, locations
SELECT
    game_hash,
    count(*) AS copies,
    count(DISTINCT coalesce(result_raw, '')) AS distinct_results,
    count(DISTINCT coalesce(black, '') || ' vs ' || coalesce(white, '')) AS distinct_players,
    max(moves) AS moves,
    string_agg(source || coalesce('!' || member, '') || '#' || CAST(game_index AS VARCHAR), ' ; '
               ORDER BY source, member, game_index) AS locations
FROM games
WHERE status <> 'error' AND game_hash IS NOT NULL
  AND (moves > 0 OR setup_black > 0 OR setup_white > 0)
GROUP BY game_hash
HAVING count(*) > 1
ORDER BY copies DESC, game_hash;
