-- A bill's paid, cleared and open amounts live in its bills money row alone (settlement's table
-- fields): every read answers them from there and the door drops them from what it stores. Bill
-- records written before that still carry copies in their data; they are never shown (the money
-- row wins), and this removes them so no stored copy can disagree with the ledger. Not a move of
-- the record (state and version stay): the same figures are answered before and after.
UPDATE "resource_records" SET "data" = "data" - 'paidAmount' - 'clearedAmount' - 'openAmount'
WHERE "resource" = 'bills' AND "data" ?| array['paidAmount', 'clearedAmount', 'openAmount'];
