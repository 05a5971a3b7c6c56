-- A rating remembers the page it was saved from and that page's count of saves (POST /rate's
-- `order`, docs/community.md "Ratings"): a save sent earlier from the same page that reaches the
-- server later (a score sent as the page is left, with an earlier save still under way) no
-- longer replaces the newer score. Ratings saved before have neither.
ALTER TABLE "ratings" ADD COLUMN "page_id" text;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "sequence" integer;