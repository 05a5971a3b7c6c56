-- Proposals (docs/proposals.md): a proposed change to a dataset, with its comment thread (a
-- discussion of kind `proposal`, kept out of the Discussions tab and its count).
CREATE TABLE "proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dataset_id" integer NOT NULL,
	"author_id" integer,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"mode" text NOT NULL,
	"fork_id" integer,
	"fork_version" integer,
	"base_version" integer NOT NULL,
	"proposed_sha256" text NOT NULL,
	"proposed_attributes" jsonb NOT NULL,
	"proposed_attribute_types" jsonb NOT NULL,
	"proposed_entries" integer NOT NULL,
	"proposed_byte_size" integer NOT NULL,
	"proposed_preview" jsonb NOT NULL,
	"summary" jsonb,
	"discussion_id" integer NOT NULL,
	"merged_version" integer,
	"merged_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "discussions_dataset_open_idx";--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "kind" text DEFAULT 'thread' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_fork_id_datasets_id_fk" FOREIGN KEY ("fork_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposals_dataset_created_idx" ON "proposals" USING btree ("dataset_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposals_dataset_open_idx" ON "proposals" USING btree ("dataset_id") WHERE "proposals"."state" = 'open';--> statement-breakpoint
CREATE INDEX "proposals_dataset_merged_idx" ON "proposals" USING btree ("dataset_id","author_id") WHERE "proposals"."state" = 'merged';--> statement-breakpoint
CREATE INDEX "proposals_author_idx" ON "proposals" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "proposals_fork_idx" ON "proposals" USING btree ("fork_id");--> statement-breakpoint
CREATE INDEX "proposals_proposed_idx" ON "proposals" USING btree ("proposed_sha256");--> statement-breakpoint
CREATE INDEX "discussions_dataset_open_idx" ON "discussions" USING btree ("dataset_id") WHERE "discussions"."state" = 'open' and not "discussions"."hidden" and "discussions"."kind" = 'thread';