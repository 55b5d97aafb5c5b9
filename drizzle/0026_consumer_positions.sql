CREATE TABLE "consumer_positions" (
	"name" text PRIMARY KEY NOT NULL,
	"order_tx" "xid8" DEFAULT '0'::xid8 NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"handled" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
-- The news consumer (src/server/consumers/news.ts) starts after every event written so far: the
-- messages and todos of those moves were written by listeners in the moves' own transactions.
INSERT INTO "consumer_positions" ("name", "order_tx", "seq", "updated_at")
SELECT 'news', coalesce(last.order_tx, '0'::xid8), coalesce(last.seq, 0), now()
FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT order_tx, seq FROM "resource_events" ORDER BY order_tx DESC, seq DESC LIMIT 1) last ON true;
