CREATE TABLE "record_parties" (
	"record_id" uuid NOT NULL,
	"role" text NOT NULL,
	"account_id" uuid NOT NULL,
	CONSTRAINT "record_parties_record_id_role_pk" PRIMARY KEY("record_id","role")
);
--> statement-breakpoint
ALTER TABLE "record_parties" ADD CONSTRAINT "record_parties_record_id_resource_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."resource_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_parties" ADD CONSTRAINT "record_parties_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_parties_account_idx" ON "record_parties" USING btree ("account_id","role","record_id");