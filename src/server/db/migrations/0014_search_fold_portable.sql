-- search_fold names the collation it folds case with, and a dump carries the function as written:
-- one naming pg_c_utf8 (PostgreSQL 17 and later only) made a dump of the embedded database fail
-- to restore onto PostgreSQL 15 or 16 (docs/database.md, "Moving to another PostgreSQL server").
-- ICU's root collation "und-x-icu" is in every PostgreSQL built with ICU since version 10 (the
-- embedded server, PGlite and the usual packages) and folds as pg_c_utf8 does (every code point
-- on PGlite; the embedded server's ICU 60 lacks the 156 case pairs added to Unicode since, such as
-- Georgian capitals), so it comes first now; pg_c_utf8 only without ICU, else the database's
-- lower(). The stored vectors stay as they are; the exact-name index is rebuilt.
DO $do$
DECLARE
  fold_collation text;
BEGIN
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') THEN ' COLLATE "und-x-icu"'
    WHEN EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'pg_c_utf8') THEN ' COLLATE pg_c_utf8'
    ELSE ''
  END INTO fold_collation;
  EXECUTE format($sql$
    CREATE OR REPLACE FUNCTION search_fold(body text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
      SELECT replace(normalize(regexp_replace(lower(normalize(body, NFKD)%s), '[\u0300-\u036f]', '', 'g'), NFC), 'ς', 'σ')
    $fn$
  $sql$, fold_collation);
END
$do$;
--> statement-breakpoint
REINDEX INDEX datasets_name_fold_idx;
