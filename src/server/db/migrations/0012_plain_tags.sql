-- Tags are stored in their plain compatibility form (NFKC), as the API now writes them
-- (docs/datasets.md, "Validation"): a tag typed with full-width letters (ｔａｇ) becomes the tag
-- everyone else typed (tag), keeping the first place of tags that now coincide; one that held a
-- full-width comma (人口，普查), which the site always read as two tags, becomes those two.
UPDATE datasets SET tags = ARRAY(
  SELECT tag FROM (
    SELECT trim(part.tag) AS tag, min(whole.i * 100 + part.j) AS i
    FROM unnest(tags) WITH ORDINALITY AS whole(tag, i),
      LATERAL unnest(string_to_array(lower(normalize(whole.tag, NFKC)), ','))
        WITH ORDINALITY AS part(tag, j)
    WHERE trim(part.tag) <> ''
    GROUP BY 1
  ) AS plain
  ORDER BY i
)
WHERE tags::text <> lower(normalize(tags::text, NFKC));
