CREATE TABLE "bills" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"contract_id" uuid NOT NULL,
	"payer_account_id" uuid NOT NULL,
	"payee_account_id" uuid NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"cleared_fen" bigint DEFAULT 0 NOT NULL,
	"due_soon_notified_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	CONSTRAINT "bills_amounts" CHECK ("bills"."amount_fen" > 0 and "bills"."paid_fen" >= 0 and "bills"."cleared_fen" >= 0 and "bills"."paid_fen" + "bills"."cleared_fen" <= "bills"."amount_fen")
);
--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_record_id_resource_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."resource_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_payer_account_id_accounts_id_fk" FOREIGN KEY ("payer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_payee_account_id_accounts_id_fk" FOREIGN KEY ("payee_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_payer_idx" ON "bills" USING btree ("payer_account_id");--> statement-breakpoint
CREATE INDEX "bills_payee_idx" ON "bills" USING btree ("payee_account_id");--> statement-breakpoint
CREATE INDEX "bills_contract_idx" ON "bills" USING btree ("contract_id");