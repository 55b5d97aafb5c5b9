DROP INDEX "bills_payer_idx";--> statement-breakpoint
DROP INDEX "bills_payee_idx";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "due_day" text;