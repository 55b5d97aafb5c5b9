-- A record's copy of its parties (migration 0012) is rewritten only where it differs: a record
-- inserted with its parties already on the row (resources/moves.ts createMany, a clearing run's
-- parts passed on) is not written a second time, with every index of its row, by this trigger.
CREATE OR REPLACE FUNCTION "record_parties_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "resource_records" r
  SET "parties" = c."parties"
  FROM (
    SELECT ch."record_id", coalesce((SELECT jsonb_object_agg(p."role", p."account_id") FROM "record_parties" p WHERE p."record_id" = ch."record_id"), '{}'::jsonb) AS "parties"
    FROM (SELECT DISTINCT "record_id" FROM "changed_parties") ch
  ) c
  WHERE r."id" = c."record_id" AND r."parties" IS DISTINCT FROM c."parties";
  RETURN NULL;
END;
$$;
