-- Circulating bills (issue 31): every bill stored before is a root whose issued amount is its amount.
ALTER TABLE "bills" ADD COLUMN "issued_fen" bigint;--> statement-breakpoint
UPDATE "bills" SET "issued_fen" = "amount_fen";--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "issued_fen" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "parent_bill_id" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "root_bill_id" uuid;--> statement-breakpoint
CREATE INDEX "bills_root_idx" ON "bills" USING btree ("root_bill_id");