-- resource_records partitioned by resource (docs/decisions.md "Records partitioned by resource").
-- Every resource's expression indexes used to sit on the one table (114 of them), and a write of
-- any record opened, checked and locked all of them; each resource now has a partition of its own
-- with its own indexes (made at start, src/server/resources/partitions.ts and indexes.ts).
-- A partitioned table's unique keys must carry its partition key, so the key is (id, resource),
-- id first so that a read by id alone can still use it, and the foreign keys that name a record by
-- its id alone (record_parties, resource_events, bills) point at record_keys, one row per record,
-- kept by the triggers below.
CREATE TABLE "record_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"resource" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "record_keys" ("id", "resource") SELECT "id", "resource" FROM "resource_records";--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_record_id_resource_records_id_fk";--> statement-breakpoint
ALTER TABLE "record_parties" DROP CONSTRAINT "record_parties_record_id_resource_records_id_fk";--> statement-breakpoint
ALTER TABLE "resource_events" DROP CONSTRAINT "resource_events_record_id_resource_records_id_fk";--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_record_id_record_keys_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."record_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_parties" ADD CONSTRAINT "record_parties_record_id_record_keys_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."record_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_events" ADD CONSTRAINT "resource_events_record_id_record_keys_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."record_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_records" RENAME TO "resource_records_unpartitioned";--> statement-breakpoint
CREATE TABLE "resource_records" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"resource" text NOT NULL,
	"account_id" uuid,
	"state" text,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"parties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "resource_records_id_resource_pk" PRIMARY KEY("id","resource")
) PARTITION BY LIST ("resource");
--> statement-breakpoint
-- Records of a resource without a partition of its own (none once a start has made them).
CREATE TABLE "resource_records_default" PARTITION OF "resource_records" DEFAULT;--> statement-breakpoint
-- A partition for every resource that has records, named as partitions.ts names them.
DO $$
DECLARE r text;
BEGIN
  FOR r IN SELECT DISTINCT "resource" FROM "resource_records_unpartitioned" LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "resource_records" FOR VALUES IN (%L)',
      CASE WHEN octet_length('rrp_' || r) <= 63 THEN 'rrp_' || r
        ELSE left('rrp_' || r, 50) || '_' || left(encode(sha256(convert_to('rrp_' || r, 'UTF8')), 'hex'), 12) END, r);
  END LOOP;
END;
$$;--> statement-breakpoint
INSERT INTO "resource_records" SELECT "id", "resource", "account_id", "state", "version", "data", "created_by", "created_at", "updated_by", "updated_at", "parties" FROM "resource_records_unpartitioned";--> statement-breakpoint
-- Takes the old table's expression indexes and its bills trigger with it; start makes the indexes anew on the partitions.
DROP TABLE "resource_records_unpartitioned";--> statement-breakpoint
ALTER TABLE "resource_records" ADD CONSTRAINT "resource_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_records" ADD CONSTRAINT "resource_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_records" ADD CONSTRAINT "resource_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_records_scope_idx" ON "resource_records" USING btree ("resource","account_id","created_at");--> statement-breakpoint
CREATE INDEX "resource_records_state_idx" ON "resource_records" USING btree ("resource","account_id","state");--> statement-breakpoint
-- record_keys follows the records: a key before its record's row (so a statement that writes the
-- record and its events together finds it), gone with the record (its parties, events and bill with it).
CREATE FUNCTION "record_keys_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "record_keys" ("id", "resource") VALUES (NEW."id", NEW."resource");
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "record_keys_insert" BEFORE INSERT ON "resource_records" FOR EACH ROW EXECUTE FUNCTION "record_keys_insert"();--> statement-breakpoint
CREATE FUNCTION "record_keys_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "record_keys" k USING "gone_records" g WHERE k."id" = g."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "record_keys_delete" AFTER DELETE ON "resource_records" REFERENCING OLD TABLE AS "gone_records" FOR EACH STATEMENT EXECUTE FUNCTION "record_keys_delete"();--> statement-breakpoint
-- A record never moves to another resource: PostgreSQL would move its row to the other
-- partition as a delete and an insert, and the insert's key above is already there. (No BEFORE
-- UPDATE guard: any BEFORE UPDATE row trigger makes every update fetch and lock its row twice.)
-- As migration 0019 made it on the old table.
CREATE TRIGGER "bills_copy_record" AFTER UPDATE ON "resource_records" REFERENCING NEW TABLE AS "changed_records" FOR EACH STATEMENT EXECUTE FUNCTION "bills_copy_record"();--> statement-breakpoint
-- A bill's record is a bills record: say so, and only that partition is read.
CREATE OR REPLACE FUNCTION "bills_copy_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r."state", r."data" ->> 'dueDay' INTO NEW."state", NEW."due_day" FROM "resource_records" r WHERE r."resource" = 'bills' AND r."id" = NEW."record_id";
  RETURN NEW;
END;
$$;
