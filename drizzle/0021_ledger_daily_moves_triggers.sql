-- ledger_daily_moves: each wallet's available-balance moves per China day, for coin-days
-- (src/server/domains/coindays/coinDays.ts states the rule). A statement line moves it:
--   in, posted     +amount on the day it was posted (updated_at)
--   out, any state -amount on the day it started (created_at): a hold counts at once
--   out, voided    +amount back on the day it was voided (updated_at)
-- Triggers on ledger_lines keep the sums, whoever writes the lines (a transfer, a resolution, a
-- batch): one upsert per statement, adding the moves of the new lines less those of the old.
CREATE FUNCTION "ledger_line_moves"("direction" text, "state" text, "amount" bigint, "created_at" timestamptz, "updated_at" timestamptz)
RETURNS TABLE ("day" date, "delta" bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT ("updated_at" AT TIME ZONE 'Asia/Shanghai')::date,
    CASE WHEN ("direction" = 'in' AND "state" = 'posted') OR ("direction" = 'out' AND "state" = 'voided') THEN "amount" ELSE 0 END
  UNION ALL
  SELECT ("created_at" AT TIME ZONE 'Asia/Shanghai')::date, CASE WHEN "direction" = 'out' THEN -"amount" ELSE 0 END
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_daily_moves_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_daily_moves" ("account_id", "day", "delta_fen")
  SELECT l."account_id", m."day", sum(m."delta") FROM "new_lines" l, "ledger_line_moves"(l."direction", l."state", l."amount", l."created_at", l."updated_at") m
  WHERE m."delta" <> 0 GROUP BY l."account_id", m."day"
  ON CONFLICT ("account_id", "day") DO UPDATE SET "delta_fen" = "ledger_daily_moves"."delta_fen" + excluded."delta_fen";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_daily_moves_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_daily_moves" ("account_id", "day", "delta_fen")
  SELECT "account_id", "day", sum("delta") FROM (
    SELECT l."account_id", m."day", m."delta" FROM "new_lines" l, "ledger_line_moves"(l."direction", l."state", l."amount", l."created_at", l."updated_at") m
    UNION ALL
    SELECT l."account_id", m."day", -m."delta" FROM "old_lines" l, "ledger_line_moves"(l."direction", l."state", l."amount", l."created_at", l."updated_at") m
  ) x GROUP BY "account_id", "day" HAVING sum("delta") <> 0
  ON CONFLICT ("account_id", "day") DO UPDATE SET "delta_fen" = "ledger_daily_moves"."delta_fen" + excluded."delta_fen";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_daily_moves_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_daily_moves" ("account_id", "day", "delta_fen")
  SELECT l."account_id", m."day", -sum(m."delta") FROM "old_lines" l, "ledger_line_moves"(l."direction", l."state", l."amount", l."created_at", l."updated_at") m
  WHERE m."delta" <> 0 GROUP BY l."account_id", m."day"
  ON CONFLICT ("account_id", "day") DO UPDATE SET "delta_fen" = "ledger_daily_moves"."delta_fen" + excluded."delta_fen";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_daily_moves_insert" AFTER INSERT ON "ledger_lines" REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_daily_moves_insert"();--> statement-breakpoint
CREATE TRIGGER "ledger_daily_moves_update" AFTER UPDATE ON "ledger_lines" REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_daily_moves_update"();--> statement-breakpoint
CREATE TRIGGER "ledger_daily_moves_delete" AFTER DELETE ON "ledger_lines" REFERENCING OLD TABLE AS "old_lines" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_daily_moves_delete"();--> statement-breakpoint
INSERT INTO "ledger_daily_moves" ("account_id", "day", "delta_fen")
SELECT l."account_id", m."day", sum(m."delta") FROM "ledger_lines" l, "ledger_line_moves"(l."direction", l."state", l."amount", l."created_at", l."updated_at") m
WHERE m."delta" <> 0 GROUP BY l."account_id", m."day";
