-- question: What went wrong while reading the archive: rows per source directory, ingestion
--   status, error kind and the charset finally used (with how many decodes were lossy)?
--   source_prefix is the file's directory (for an archive member: archive path, '!', member dir).
-- uses: source, member, status, error_kind, charset_declared, charset_used, charset_lossy
-- columns: source_prefix, status, error_kind, charset_used, games, files, charset_declared_missing, charset_lossy
WITH g AS (
    SELECT
        CASE
            WHEN member IS NULL THEN
                CASE WHEN contains(source, '/') THEN regexp_replace(source, '/[^/]*$', '') ELSE '.' END
            ELSE source || '!' ||
                CASE WHEN contains(member, '/') THEN regexp_replace(member, '/[^/]*$', '') ELSE '.' END
        END AS source_prefix,
        status,
        coalesce(error_kind, '-') AS error_kind,
        coalesce(charset_used, '-') AS charset_used,
        source || coalesce('::' || member, '') AS file,
        charset_declared,
        charset_lossy
    FROM games
)
SELECT
    source_prefix,
    status,
    error_kind,
    charset_used,
    count(*) AS games,
    count(DISTINCT file) AS files,
    -- rows whose text was decoded and declared no charset (a row never decoded, or an empty
    -- file's, has read no CA)
    count(*) FILTER (WHERE charset_declared IS NULL AND charset_used <> '-'
                     AND error_kind <> 'empty_file') AS charset_declared_missing,
    count(*) FILTER (WHERE charset_lossy) AS charset_lossy
FROM g
GROUP BY source_prefix, status, error_kind, charset_used
ORDER BY
    CASE status WHEN 'error' THEN 0 WHEN 'recovered' THEN 1 ELSE 2 END,
    games DESC, source_prefix, error_kind, charset_used;
