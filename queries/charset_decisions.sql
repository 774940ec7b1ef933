-- question: Which charset did each CA label end up read in? Per declared label (NULL: no CA)
--   and charset used: games, files, lossy decodes and one file as an example. A label read in
--   another charset than it names (ISO-8859-1 read as Shift_JIS: a program's default label
--   on East Asian text; GB2312 read as UTF-8: UTF-8 text mislabelled) shows here; `explain`
--   prints the same decision for one game. Aliases name one charset (SJIS is Shift_JIS,
--   ISO-8859-1 and ASCII are windows-1252, GB2312 is GBK). Error rows count where their
--   text was decoded (a file that is no SGF, read as UTF-8), not where nothing was.
-- uses: source, member, status, charset_declared, charset_used, charset_lossy
-- columns: charset_declared, charset_used, games, files, lossy_games, example
SELECT
    charset_declared,
    charset_used,
    count(*) AS games,
    count(DISTINCT source || coalesce('::' || member, '')) AS files,
    count(*) FILTER (WHERE charset_lossy) AS lossy_games,
    min(source || coalesce('::' || member, '')) AS example
FROM games
WHERE status <> 'error' OR charset_used IS NOT NULL
GROUP BY charset_declared, charset_used
ORDER BY games DESC, charset_declared NULLS FIRST, charset_used;
