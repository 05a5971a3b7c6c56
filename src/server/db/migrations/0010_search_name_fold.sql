DROP INDEX "datasets_lower_name_idx";--> statement-breakpoint
CREATE INDEX "datasets_name_fold_idx" ON "datasets" USING btree (search_fold("name"));