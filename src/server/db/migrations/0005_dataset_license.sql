ALTER TABLE "datasets" ADD COLUMN "license" text;--> statement-breakpoint
ALTER TABLE "datasets" ADD COLUMN "citation" text DEFAULT '' NOT NULL;