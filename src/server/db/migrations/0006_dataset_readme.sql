ALTER TABLE "datasets" ADD COLUMN "readme" text DEFAULT '' NOT NULL;
