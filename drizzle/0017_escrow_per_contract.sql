-- Collateral without a hot row (docs/decisions.md "Collateral without a hot row"): each contract
-- now has its own escrow account, `platform:escrow:<contract id>`. Collateral still held in the
-- one shared account (open holds: pending, never posted or voided) moves to its contract's
-- account: the hold's credit side is re-pointed and the pending credit total moves with it, in
-- one statement, so every invariant holds before and after. The debit side (the buyer's wallet,
-- its statement line), the amount, the key and the time are untouched: receipts, flows and
-- reports read the same. Released collateral stays in platform:escrow's posted history (its
-- posted balance is zero). Running it again moves nothing.
INSERT INTO "ledger_accounts" ("id", "owner_account_id", "code", "no_negative", "created_at")
SELECT 'platform:escrow:' || t."ref_id"::text, NULL, 'escrow', true, min(t."created_at")
FROM "ledger_transfers" t
WHERE t."credit_account_id" = 'platform:escrow' AND t."status" = 'pending' AND t."ref_resource" = 'contracts'
  AND NOT EXISTS (SELECT 1 FROM "ledger_transfers" r WHERE r."pending_id" = t."id")
GROUP BY t."ref_id"
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
WITH "moved" AS (
  UPDATE "ledger_transfers" t SET "credit_account_id" = 'platform:escrow:' || t."ref_id"::text
  WHERE t."credit_account_id" = 'platform:escrow' AND t."status" = 'pending' AND t."ref_resource" = 'contracts'
    AND NOT EXISTS (SELECT 1 FROM "ledger_transfers" r WHERE r."pending_id" = t."id")
  RETURNING t."credit_account_id" AS "id", t."amount"
), "delta" AS (
  SELECT "id", sum("amount") AS "amount" FROM "moved" GROUP BY "id"
  UNION ALL
  SELECT 'platform:escrow', -sum("amount") FROM "moved" HAVING count(*) > 0
)
UPDATE "ledger_accounts" a SET "credits_pending" = a."credits_pending" + d."amount"
FROM "delta" d WHERE a."id" = d."id";
