-- `sort=name` ordered by code point: every capital before every small letter ("Zoo" before
-- "apple"), accented letters after "z", Chinese names by their place in Unicode. Names now sort
-- in the dataset_name collation (docs/datasets.md, "Sorts"): ICU's Chinese order with Latin
-- first, so letters compare without regard to case or accents first (apple, Émile, zebra, Zoo),
-- then Chinese names by pinyin (北京 重庆 广州 上海; where ICU has no Chinese data, as in PGlite,
-- by code point), ties broken by the bytes so the order is total. Without ICU, code point order.
DO $do$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_collation WHERE collprovider = 'i') THEN
    CREATE COLLATION dataset_name (provider = icu, locale = 'zh-u-kr-latn-hani');
  ELSE
    CREATE COLLATION dataset_name FROM "C";
  END IF;
END
$do$;
--> statement-breakpoint
DROP INDEX "datasets_name_idx";--> statement-breakpoint
CREATE INDEX "datasets_name_idx" ON "datasets" USING btree ("listed","name" collate dataset_name,"id");
