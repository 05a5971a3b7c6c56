-- The datasets search index (docs/search.md). One tokenizer, search_tokens, serves the stored
-- vector and the query: runs of CJK characters, words (anything between spaces, symbols and CJK)
-- and single symbols, lower-cased. A CJK run is stored as its unigrams and bigrams at consecutive
-- positions, so a query's bigrams joined by <-> match exactly the texts that contain it; a
-- word is stored whole and queried as a prefix (word:*); a symbol (%, _, ., …) is a lexeme of
-- its own, so it matches literally. The character classes are spelled out rather than taken
-- from the locale, so every engine and collation tokenizes alike.
CREATE FUNCTION search_symbol_class() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT '[!-/:-@\[-`{-~\u00a0-\u00bf\u2000-\u206f\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]'
$fn$;
--> statement-breakpoint
CREATE FUNCTION search_tokens(body text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT m[1] FROM regexp_matches(
    lower(body),
    '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[^\s!-/:-@\[-`{-~\u00a0-\u00bf\u2000-\u206f\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|\S)',
    'g') AS m
$fn$;
--> statement-breakpoint
CREATE FUNCTION search_lexeme(token text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT '''' || replace(replace(token, '\', '\\'), '''', '''''') || ''''
$fn$;
--> statement-breakpoint
CREATE FUNCTION search_vector_of(body text, weight "char") RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
  token text;
  pos integer := 1;
  n integer;
  parts text[] := '{}';
BEGIN
  FOR token IN SELECT search_tokens(body) LOOP
    n := char_length(token);
    IF n > 1 AND token ~ '^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]' THEN
      FOR i IN 1..n LOOP
        parts := parts || (search_lexeme(substr(token, i, 1)) || ':' || (pos + i - 1));
        IF i < n THEN
          parts := parts || (search_lexeme(substr(token, i, 2)) || ':' || (pos + i - 1));
        END IF;
      END LOOP;
      pos := pos + n;
    ELSE
      parts := parts || (search_lexeme(token) || ':' || pos);
      pos := pos + 1;
    END IF;
  END LOOP;
  RETURN setweight(array_to_string(parts, ' ')::tsvector, weight);
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION search_query_of(query text) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
  token text;
  n integer;
  bigrams text[];
  terms text[] := '{}';
BEGIN
  FOR token IN SELECT search_tokens(query) LOOP
    n := char_length(token);
    IF n > 1 AND token ~ '^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]' THEN
      bigrams := '{}';
      FOR i IN 1..n - 1 LOOP
        bigrams := bigrams || search_lexeme(substr(token, i, 2));
      END LOOP;
      terms := terms || ('(' || array_to_string(bigrams, ' <-> ') || ')');
    ELSIF token ~ '^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]' OR token ~ ('^' || search_symbol_class() || '$') THEN
      terms := terms || search_lexeme(token);
    ELSE
      terms := terms || (search_lexeme(token) || ':*');
    END IF;
  END LOOP;
  RETURN array_to_string(terms, ' & ')::tsquery;
END
$fn$;

--> statement-breakpoint
-- The whole vector of a dataset: name (weight A), tags (B), description (C).
CREATE FUNCTION dataset_search_vector(name text, description text, tags text[]) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT search_vector_of(coalesce(name, ''), 'A')
    || search_vector_of(array_to_string(coalesce(tags, '{}'), ' '), 'B')
    || search_vector_of(coalesce(description, ''), 'C')
$fn$;
--> statement-breakpoint
CREATE FUNCTION datasets_search_vector_update() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.search_vector := dataset_search_vector(NEW.name, NEW.description, NEW.tags);
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER datasets_search_vector BEFORE INSERT OR UPDATE OF name, description, tags
  ON datasets FOR EACH ROW EXECUTE FUNCTION datasets_search_vector_update();
--> statement-breakpoint
UPDATE datasets SET search_vector = dataset_search_vector(name, description, tags);
