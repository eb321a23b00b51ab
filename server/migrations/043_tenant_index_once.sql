-- A tenant's rows are found through an index that leads with tenant_id. enable_tenant_rls (migration
-- 001) gave every tenant-owned table its own (tenant_id) index, also where a unique key or a listing
-- index already leads with tenant_id: 27 tables kept an index no query needs, which every insert
-- and update still writes (on a booking: the appointment, the day count, the idempotency key, three
-- message deliveries). Those are dropped, and the function now adds the index only to a table that
-- has none leading with tenant_id (tests/db/rls.test.ts keeps it so for tables made later).

CREATE OR REPLACE FUNCTION enable_tenant_rls(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', tbl);
  EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = current_tenant()) WITH CHECK (tenant_id = current_tenant())', tbl);
  IF NOT EXISTS (
    SELECT 1 FROM pg_index i
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
     WHERE i.indrelid = tbl::regclass AND a.attname = 'tenant_id' AND i.indpred IS NULL
  ) THEN
    EXECUTE format('CREATE INDEX %I ON %I (tenant_id)', tbl || '_tenant_idx', tbl);
  END IF;
END $$;

-- Single-column, non-unique, whole-table indexes on tenant_id of a table that has another
-- whole-table index leading with tenant_id and more columns.
DO $$
DECLARE
  redundant record;
BEGIN
  FOR redundant IN
    SELECT c.relname AS index_name
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
     WHERE i.indnatts = 1 AND NOT i.indisunique AND i.indpred IS NULL AND a.attname = 'tenant_id'
       AND EXISTS (
         SELECT 1 FROM pg_index o
           JOIN pg_attribute oa ON oa.attrelid = o.indrelid AND oa.attnum = o.indkey[0]
          WHERE o.indrelid = i.indrelid AND o.indnatts > 1 AND o.indpred IS NULL AND oa.attname = 'tenant_id')
  LOOP
    EXECUTE format('DROP INDEX %I', redundant.index_name);
  END LOOP;
END $$;
