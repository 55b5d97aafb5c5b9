ALTER TABLE "resource_records" ADD COLUMN "parties" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- resource_records.parties is a copy of the record's record_parties rows (role -> account), which
-- stay the truth (keys, foreign keys to accounts). The copy lets a list's party scope and its
-- filters be read from one index of the record row (src/server/resources/indexes.ts). This
-- trigger keeps it, whoever writes record_parties: one UPDATE per statement, for the records the
-- statement touched, rebuilt from the table.
CREATE FUNCTION "record_parties_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "resource_records" r
  SET "parties" = coalesce((SELECT jsonb_object_agg(p."role", p."account_id") FROM "record_parties" p WHERE p."record_id" = r."id"), '{}'::jsonb)
  WHERE r."id" IN (SELECT "record_id" FROM "changed_parties");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "record_parties_copy_insert" AFTER INSERT ON "record_parties" REFERENCING NEW TABLE AS "changed_parties" FOR EACH STATEMENT EXECUTE FUNCTION "record_parties_copy"();--> statement-breakpoint
CREATE TRIGGER "record_parties_copy_update" AFTER UPDATE ON "record_parties" REFERENCING NEW TABLE AS "changed_parties" FOR EACH STATEMENT EXECUTE FUNCTION "record_parties_copy"();--> statement-breakpoint
CREATE TRIGGER "record_parties_copy_delete" AFTER DELETE ON "record_parties" REFERENCING OLD TABLE AS "changed_parties" FOR EACH STATEMENT EXECUTE FUNCTION "record_parties_copy"();--> statement-breakpoint
-- Backfill the records that have parties.
UPDATE "resource_records" r SET "parties" = p."parties"
FROM (SELECT "record_id", jsonb_object_agg("role", "account_id") AS "parties" FROM "record_parties" GROUP BY "record_id") p
WHERE p."record_id" = r."id";
