-- Search folds text before cutting it (docs/search.md, "Folding"): compatibility forms become
-- their plain ones (ＧＤＰ２０２３ → GDP2023, km² → km2, ﾃﾞｰﾀ → データ), letters lose their accents
-- (café → cafe), case folds in every script whatever the database's LC_CTYPE (the embedded
-- database's is C, where lower() folds ASCII only), and a final sigma is a sigma. The case
-- mapping is the built-in C.UTF-8 collation's (PostgreSQL 17 and later), else ICU's, else the
-- database's own lower().
DO $do$
DECLARE
  fold_collation text;
BEGIN
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'pg_c_utf8') THEN ' COLLATE pg_c_utf8'
    WHEN EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') THEN ' COLLATE "und-x-icu"'
    ELSE ''
  END INTO fold_collation;
  EXECUTE format($sql$
    CREATE FUNCTION search_fold(body text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
      SELECT replace(normalize(regexp_replace(lower(normalize(body, NFKD)%s), '[\u0300-\u036f]', '', 'g'), NFC), 'ς', 'σ')
    $fn$
  $sql$, fold_collation);
END
$do$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_tokens(body text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT m[1] FROM regexp_matches(
    search_fold(body),
    '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[^\s!-/:-@\[-`{-~\u00a0-\u00bf\u2000-\u206f\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|\S)',
    'g') AS m
$fn$;
--> statement-breakpoint
UPDATE datasets SET search_vector = dataset_search_vector(name, description, tags);
