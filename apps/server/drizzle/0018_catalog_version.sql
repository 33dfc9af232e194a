CREATE TABLE "catalog_versions" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"bumped_by" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_versions" ("id") VALUES (1);--> statement-breakpoint
-- Moves the version once per writing transaction, at its commit (a deferred trigger): the row is
-- locked only while the transaction commits, so catalog writers never wait on each other for it,
-- and a 10,000-row import bumps it once.
CREATE FUNCTION "catalog_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_versions" SET "version" = "version" + 1, "bumped_by" = pg_current_xact_id()::text::bigint
  WHERE "id" = 1 AND "bumped_by" <> pg_current_xact_id()::text::bigint;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_catalog_version_insert" AFTER INSERT OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_catalog_version_update" AFTER UPDATE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."name", OLD."search_text", OLD."deleted_at", OLD."is_approved", OLD."company_id", OLD."category_id") IS DISTINCT FROM (NEW."name", NEW."search_text", NEW."deleted_at", NEW."is_approved", NEW."company_id", NEW."category_id"))
  EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_company_settings_catalog_version_insert" AFTER INSERT ON "product_company_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."removed_at" IS NOT NULL) EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_company_settings_catalog_version_update" AFTER UPDATE ON "product_company_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."removed_at" IS DISTINCT FROM NEW."removed_at") EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_company_settings_catalog_version_delete" AFTER DELETE ON "product_company_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."removed_at" IS NOT NULL) EXECUTE FUNCTION "catalog_version_bump"();
