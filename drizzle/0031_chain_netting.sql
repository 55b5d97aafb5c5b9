ALTER TABLE "accounts" ADD COLUMN "mutual_chains_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clearing_run_parties" ADD COLUMN "chained_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clearing_runs" ADD COLUMN "amount_chained_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clearing_runs" ADD COLUMN "amount_passed_fen" bigint DEFAULT 0 NOT NULL;