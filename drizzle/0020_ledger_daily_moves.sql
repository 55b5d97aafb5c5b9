CREATE TABLE "ledger_daily_moves" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"delta_fen" bigint NOT NULL,
	CONSTRAINT "ledger_daily_moves_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
DROP INDEX "ledger_lines_account_updated_idx";--> statement-breakpoint
ALTER TABLE "ledger_daily_moves" ADD CONSTRAINT "ledger_daily_moves_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;