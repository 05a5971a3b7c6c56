-- A deactivated account (users.is_active = false) is hidden, and so are its public datasets
-- (docs/community.md, "Deactivated accounts"). `listed` = public and the owner's account active
-- (or no owner): what everyone but the owner sees. Public lists walk their indexes by it, as they
-- walked them by is_public, so hiding costs no join. Triggers keep it, whatever writes the rows.
ALTER TABLE "datasets" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "datasets" SET "listed" = "is_public" AND coalesce(
  (SELECT "is_active" FROM "users" WHERE "users"."id" = "datasets"."owner_id"), true)
WHERE "listed" IS DISTINCT FROM ("is_public" AND coalesce(
  (SELECT "is_active" FROM "users" WHERE "users"."id" = "datasets"."owner_id"), true));--> statement-breakpoint
DROP INDEX "datasets_public_created_idx";--> statement-breakpoint
DROP INDEX "datasets_public_heat_idx";--> statement-breakpoint
DROP INDEX "datasets_public_downloads_idx";--> statement-breakpoint
DROP INDEX "datasets_public_score_idx";--> statement-breakpoint
DROP INDEX "datasets_name_idx";--> statement-breakpoint
CREATE INDEX "datasets_public_created_idx" ON "datasets" USING btree ("listed","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "datasets_public_heat_idx" ON "datasets" USING btree ("listed","heat" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "datasets_public_downloads_idx" ON "datasets" USING btree ("listed","download_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "datasets_public_score_idx" ON "datasets" USING btree ("listed","average_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "datasets_name_idx" ON "datasets" USING btree ("listed","name","id");--> statement-breakpoint
-- A dataset written with another visibility or owner is listed as that owner's account stands.
CREATE FUNCTION datasets_listed_update() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.listed := NEW.is_public AND coalesce(
    (SELECT is_active FROM users WHERE id = NEW.owner_id), true);
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER datasets_listed BEFORE INSERT OR UPDATE OF is_public, owner_id
  ON datasets FOR EACH ROW EXECUTE FUNCTION datasets_listed_update();
--> statement-breakpoint
-- An account deactivated (or active again) takes its public datasets out of (or back into) view.
CREATE FUNCTION users_listed_datasets_update() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE datasets SET listed = is_public AND NEW.is_active
  WHERE owner_id = NEW.id AND listed IS DISTINCT FROM (is_public AND NEW.is_active);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER users_listed_datasets AFTER UPDATE OF is_active ON users
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION users_listed_datasets_update();
