CREATE TABLE "list_column_preferences" (
	"user_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"columns" jsonb NOT NULL,
	"widths" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "list_column_preferences_user_id_resource_pk" PRIMARY KEY("user_id","resource")
);
--> statement-breakpoint
CREATE TABLE "list_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" text,
	"columns" jsonb,
	"page_size" integer,
	"shared" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "list_column_preferences" ADD CONSTRAINT "list_column_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_views" ADD CONSTRAINT "list_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_views" ADD CONSTRAINT "list_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_views_account_resource_idx" ON "list_views" USING btree ("account_id","resource");--> statement-breakpoint
CREATE UNIQUE INDEX "list_views_user_name_key" ON "list_views" USING btree ("user_id","resource","name");--> statement-breakpoint
CREATE UNIQUE INDEX "list_views_user_default_key" ON "list_views" USING btree ("user_id","resource") WHERE "list_views"."is_default";