CREATE TABLE "promotion_leads" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
