CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_result" jsonb,
	"last_error" text
);
--> statement-breakpoint
-- The events of records become a stream (docs/decisions.md "One door and the event stream"):
-- each names its resource, the acting user's account or the job that moved the record, the
-- record's version after the move, an insertion order (seq) and a position (order_tx, the
-- writing transaction's id) that readers follow without ever missing an event committed late.
ALTER TABLE "resource_events" ADD COLUMN "resource" text;--> statement-breakpoint
UPDATE "resource_events" e SET "resource" = k."resource" FROM "record_keys" k WHERE k."id" = e."record_id";--> statement-breakpoint
ALTER TABLE "resource_events" ALTER COLUMN "resource" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_events" ADD COLUMN "actor_account_id" uuid;--> statement-breakpoint
UPDATE "resource_events" e SET "actor_account_id" = u."account_id" FROM "users" u WHERE u."id" = e."by";--> statement-breakpoint
ALTER TABLE "resource_events" ADD COLUMN "job" text;--> statement-breakpoint
-- The system's moves before this migration: the three jobs that made them.
UPDATE "resource_events" SET "job" = CASE "action" WHEN 'expire' THEN 'resources.expiry' WHEN 'autoRelease' THEN 'funds.autoRelease' WHEN 'clear' THEN 'settlement.clearing' ELSE 'system' END WHERE "by" IS NULL;--> statement-breakpoint
ALTER TABLE "resource_events" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "resource_events" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "resource_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "resource_events" ADD COLUMN "order_tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_events_seq_idx" ON "resource_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "resource_events_stream_idx" ON "resource_events" USING btree ("order_tx","seq");--> statement-breakpoint
CREATE INDEX "resource_events_actor_account_idx" ON "resource_events" USING btree ("actor_account_id","seq");--> statement-breakpoint
-- The trail is append-only: no statement of the product edits an event (a record's deletion, of a
-- draft, still takes its events with it through the foreign key's cascade).
CREATE FUNCTION "resource_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'resource_events is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER "resource_events_no_update" BEFORE UPDATE ON "resource_events" FOR EACH ROW EXECUTE FUNCTION "resource_events_append_only"();
