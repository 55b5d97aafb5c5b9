-- A payment's transfers are found by the payment's id, not by a pattern over their keys
-- (docs/decisions.md "Transfers found by batch"): each transfer of a step that moves money as one
-- carries that step's id. Existing rows take it from their keys, which settlement/pay.ts,
-- requests/pay.ts and settlement/clearing.ts wrote as:
--   billPayment:<payment id>:<bill id>               a payment of one or several bills
--   billPayment:<request id>.<payment>:<bill id>     a bill paid for a payment request: the request
--   requestPayment:<request id>.<payment>            a payment request under a contract alone
--   nettingSettlement:<run id>:<i>                   a clearing run's settlement
--   billPaymentReversed:<payment's transfer id>      the batch of the payment it reverses
-- Running it again changes nothing.
ALTER TABLE "ledger_transfers" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
UPDATE "ledger_transfers" SET "batch_id" = split_part(split_part("key", ':', 2), '.', 1)::uuid
WHERE "kind" IN ('billPayment', 'billBatchPayment', 'requestPayment', 'nettingSettlement')
  AND split_part(split_part("key", ':', 2), '.', 1) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
UPDATE "ledger_transfers" r SET "batch_id" = p."batch_id"
FROM "ledger_transfers" p
WHERE r."kind" = 'billPaymentReversed' AND p."batch_id" IS NOT NULL AND r."key" = 'billPaymentReversed:' || p."id"::text;--> statement-breakpoint
CREATE INDEX "ledger_transfers_batch_idx" ON "ledger_transfers" USING btree ("batch_id") WHERE "ledger_transfers"."batch_id" is not null;
