CREATE TABLE "ledger_lines" (
	"transfer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text NOT NULL,
	"ref_resource" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "ledger_lines_transfer_id_account_id_pk" PRIMARY KEY("transfer_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_lines_account_order_idx" ON "ledger_lines" USING btree ("account_id","created_at" DESC NULLS LAST,"transfer_id" DESC NULLS FIRST);--> statement-breakpoint
-- Backfill: a line per movement (a transfer without pending_id) and business wallet it touches
-- ('<account uuid>:wallet'), in the state its resolution gave it.
INSERT INTO "ledger_lines" ("transfer_id", "account_id", "direction", "kind", "amount", "state", "ref_resource", "ref_id", "user_id", "created_at", "updated_at", "updated_by")
SELECT t."id", split_part(side.account, ':', 1)::uuid, side.direction, t."kind", t."amount",
  CASE WHEN t."status" <> 'pending' THEN t."status" WHEN r."id" IS NULL THEN 'pending' ELSE r."status" END,
  t."ref_resource", t."ref_id", t."user_id", t."created_at", coalesce(r."created_at", t."created_at"), coalesce(r."user_id", t."user_id")
FROM "ledger_transfers" t
CROSS JOIN LATERAL (VALUES (t."debit_account_id", 'out'), (t."credit_account_id", 'in')) AS side(account, direction)
LEFT JOIN "ledger_transfers" r ON r."pending_id" = t."id"
WHERE t."pending_id" IS NULL AND side.account LIKE '%:wallet';
