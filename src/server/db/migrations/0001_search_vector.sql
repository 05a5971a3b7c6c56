ALTER TABLE "datasets" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "datasets_search_vector_idx" ON "datasets" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "datasets_lower_name_idx" ON "datasets" USING btree (lower("name"));