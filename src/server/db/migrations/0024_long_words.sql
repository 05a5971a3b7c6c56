-- A word is indexed and searched by at most its first 200 characters (docs/search.md, "Long
-- words"): PostgreSQL refuses a lexeme of 2 KB or more, so a description holding one long
-- "word" (a URL, a hash, a base64 run) could not be saved. Both the stored vector and the query
-- cut alike, and a query word is matched as a prefix, so a word stored whole before still matches.
CREATE OR REPLACE FUNCTION search_lexeme(token text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT '''' || replace(replace(left(token, 200), '\', '\\'), '''', '''''') || ''''
$fn$;
