CREATE TABLE "money_confirmations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"password_hash" text,
	"password_failures" integer DEFAULT 0 NOT NULL,
	"password_locked_until" timestamp with time zone,
	"totp_secret" text,
	"totp_last_step" bigint,
	"totp_failures" integer DEFAULT 0 NOT NULL,
	"totp_locked_until" timestamp with time zone,
	"totp_pending" text,
	"totp_pending_at" timestamp with time zone,
	"last_method" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "quota" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "money_confirmations" ADD CONSTRAINT "money_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;