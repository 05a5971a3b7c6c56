ALTER TABLE "datasets" ADD COLUMN "origin_name" text;--> statement-breakpoint
ALTER TABLE "datasets" ADD COLUMN "origin_author" text;--> statement-breakpoint
UPDATE "datasets" AS "fork" SET "origin_name" = "origin"."name", "origin_author" = "users"."nickname" FROM "datasets" AS "origin" LEFT JOIN "users" ON "users"."id" = "origin"."owner_id" WHERE "fork"."forked_from_id" = "origin"."id";
