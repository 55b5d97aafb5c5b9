-- bills.state and bills.due_day are copies of the bill record's state and data->>'dueDay', so the
-- payables and receivables totals (src/server/domains/settlement/billTotals.ts) sum the bills
-- table's bigint columns through an index-only scan of (payer or payee, state) instead of reading
-- every matching record's JSON. Triggers keep the copies, whoever writes the record (an action's
-- transition, expiry, a clearing run's write-down): one UPDATE per statement on resource_records,
-- for the bills it touched whose copy differs; a new bills row takes them from its record.
CREATE FUNCTION "bills_copy_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "bills" b SET "state" = r."state", "due_day" = r."data" ->> 'dueDay'
  FROM "changed_records" r
  WHERE r."resource" = 'bills' AND b."record_id" = r."id"
    AND (b."state" IS DISTINCT FROM r."state" OR b."due_day" IS DISTINCT FROM r."data" ->> 'dueDay');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bills_copy_record" AFTER UPDATE ON "resource_records" REFERENCING NEW TABLE AS "changed_records" FOR EACH STATEMENT EXECUTE FUNCTION "bills_copy_record"();--> statement-breakpoint
CREATE FUNCTION "bills_copy_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r."state", r."data" ->> 'dueDay' INTO NEW."state", NEW."due_day" FROM "resource_records" r WHERE r."id" = NEW."record_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bills_copy_on_insert" BEFORE INSERT ON "bills" FOR EACH ROW EXECUTE FUNCTION "bills_copy_on_insert"();--> statement-breakpoint
UPDATE "bills" b SET "state" = r."state", "due_day" = r."data" ->> 'dueDay' FROM "resource_records" r WHERE r."id" = b."record_id";--> statement-breakpoint
-- The totals' indexes; they replace bills_payer_idx and bills_payee_idx (same leading column).
CREATE INDEX "bills_payer_totals_idx" ON "bills" ("payer_account_id", "state") INCLUDE ("amount_fen", "paid_fen", "cleared_fen", "due_day");--> statement-breakpoint
CREATE INDEX "bills_payee_totals_idx" ON "bills" ("payee_account_id", "state") INCLUDE ("amount_fen", "paid_fen", "cleared_fen", "due_day");
