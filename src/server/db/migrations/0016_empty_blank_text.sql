-- A description, citation, changelog or bio made only of spaces and invisible characters is
-- stored empty, as the API has stored one since (docs/datasets.md, "Validation";
-- `emptyWhenBlank` in src/lib/visible-text.ts): one written before shows "No description."
-- (暂无简介。), "No changelog.", "No bio yet." and no citation instead of a blank. `blank` holds
-- the characters `isBlank` finds blank, as ranges of code points: spaces and line breaks
-- (what JavaScript's trim removes), Unicode's default-ignorable code points, the Braille blank
-- U+2800 and the musical null notehead U+1D159. tests/unit/blank-text-migration.test.ts checks
-- that it holds exactly those characters.
DO $do$
DECLARE
  blank constant text := '^['
    || E'\u0009-\u000D\u0020\u00A0\u00AD\u034F\u061C\u115F-\u1160\u1680\u17B4-\u17B5'
    || E'\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164'
    || E'\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8\U0001BCA0-\U0001BCA3\U0001D159'
    || E'\U0001D173-\U0001D17A\U000E0000-\U000E0FFF'
    || ']*$';
BEGIN
  UPDATE datasets SET description = '' WHERE description <> '' AND description ~ blank;
  UPDATE datasets SET citation = '' WHERE citation <> '' AND citation ~ blank;
  UPDATE dataset_versions SET changelog = '' WHERE changelog <> '' AND changelog ~ blank;
  UPDATE users SET bio = '' WHERE bio <> '' AND bio ~ blank;
END
$do$;
