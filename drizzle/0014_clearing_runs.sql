CREATE TABLE "clearing_run_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"bills" integer NOT NULL,
	"payable_fen" bigint NOT NULL,
	"receivable_fen" bigint NOT NULL,
	"cleared_fen" bigint NOT NULL,
	"net_fen" bigint NOT NULL,
	"settled_fen" bigint NOT NULL,
	"unsettled_fen" bigint NOT NULL,
	"reason" text,
	"available_fen" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clearing_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"run_day" text,
	"state" text NOT NULL,
	"started_by" uuid,
	"bills_in" integer DEFAULT 0 NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"amount_in_fen" bigint DEFAULT 0 NOT NULL,
	"amount_cleared_fen" bigint DEFAULT 0 NOT NULL,
	"amount_settled_fen" bigint DEFAULT 0 NOT NULL,
	"amount_unsettled_fen" bigint DEFAULT 0 NOT NULL,
	"solver_ms" integer DEFAULT 0 NOT NULL,
	"total_ms" integer DEFAULT 0 NOT NULL,
	"input" jsonb NOT NULL,
	"solution" jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clearing_run_parties" ADD CONSTRAINT "clearing_run_parties_run_id_clearing_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."clearing_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearing_run_parties" ADD CONSTRAINT "clearing_run_parties_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearing_runs" ADD CONSTRAINT "clearing_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clearing_run_parties_run_account_idx" ON "clearing_run_parties" USING btree ("run_id","account_id");--> statement-breakpoint
CREATE INDEX "clearing_run_parties_account_idx" ON "clearing_run_parties" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clearing_runs_day_idx" ON "clearing_runs" USING btree ("run_day");--> statement-breakpoint
CREATE INDEX "clearing_runs_started_idx" ON "clearing_runs" USING btree ("started_at");