-- The app role that every request transaction switches to: no login, no superuser, no BYPASSRLS,
-- owns nothing. Roles are cluster-wide, so creation tolerates a concurrent creator.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'songkhoe_app') THEN
    CREATE ROLE songkhoe_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

-- A non-superuser owner (production) must be a member of the role to SET ROLE to it.
DO $$
BEGIN
  EXECUTE format('GRANT songkhoe_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS btree_gist;

GRANT USAGE ON SCHEMA public TO songkhoe_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO songkhoe_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO songkhoe_app;

-- The tenant of the current transaction, or NULL when none is set: then every policy is false.
CREATE OR REPLACE FUNCTION current_tenant() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT NULLIF(current_setting('app.tenant_id', true), '')
$$;

-- Makes a table tenant-owned: RLS enabled and forced, one policy for reads and writes, an index.
-- Every table with a tenant_id column must go through this (a test walks the catalog to check).
CREATE OR REPLACE FUNCTION enable_tenant_rls(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', tbl);
  EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = current_tenant()) WITH CHECK (tenant_id = current_tenant())', tbl);
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (tenant_id)', tbl || '_tenant_idx', tbl);
END $$;

-- Accent-insensitive lower-case text for search ("Nguyễn" -> "nguyen"). unaccent() is only STABLE;
-- fixing the dictionary makes it safe to index.
CREATE OR REPLACE FUNCTION fold_text(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, replace(replace(coalesce(input, ''), 'đ', 'd'), 'Đ', 'D')))
$$;

-- Tenants are configured in tenants/<code>/tenant.json; this table mirrors their codes so that
-- tenant_id columns can reference them. Global: readable by the app role, no tenant_id.
CREATE TABLE tenants (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9]{1,29}$'),
  name_vi text NOT NULL,
  name_en text NOT NULL,
  seeded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
REVOKE INSERT, UPDATE, DELETE ON tenants FROM songkhoe_app;
