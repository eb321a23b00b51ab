-- Search: the header search and the doctor-name filter answer from an index kept in
-- each server process (server/services/search-index). These triggers announce on the channel
-- search_changed the tenant whose searchable rows changed; PostgreSQL delivers the notice at
-- commit to every listening session, i.e. to every server process, which then rebuilds that
-- tenant's index. Only what the index holds counts: names, approval and rating of doctors,
-- names and order of symptoms and specialities. Bookings (doctors.next_free_slot) stay silent.
-- Notices of one transaction with the same tenant are merged by PostgreSQL.

CREATE OR REPLACE FUNCTION search_changed_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_changed', t) FROM (SELECT DISTINCT tenant_id AS t FROM new_rows) x;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION search_changed_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_changed', t) FROM (SELECT DISTINCT tenant_id AS t FROM old_rows) x;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION search_changed_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_changed', NEW.tenant_id);
  IF OLD.tenant_id IS DISTINCT FROM NEW.tenant_id THEN
    PERFORM pg_notify('search_changed', OLD.tenant_id);
  END IF;
  RETURN NULL;
END $$;

-- TRUNCATE has no rows to name: every tenant starts over ('*').
CREATE OR REPLACE FUNCTION search_changed_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_changed', '*');
  RETURN NULL;
END $$;

CREATE TRIGGER doctors_search_ins AFTER INSERT ON doctors
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_inserted();
CREATE TRIGGER doctors_search_del AFTER DELETE ON doctors
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_deleted();
CREATE TRIGGER doctors_search_upd AFTER UPDATE ON doctors FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.approval_status IS DISTINCT FROM NEW.approval_status
     OR OLD.rating IS DISTINCT FROM NEW.rating OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION search_changed_updated();
CREATE TRIGGER doctors_search_trunc AFTER TRUNCATE ON doctors
  FOR EACH STATEMENT EXECUTE FUNCTION search_changed_truncated();

CREATE TRIGGER specialities_search_ins AFTER INSERT ON specialities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_inserted();
CREATE TRIGGER specialities_search_del AFTER DELETE ON specialities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_deleted();
CREATE TRIGGER specialities_search_upd AFTER UPDATE ON specialities FOR EACH ROW
  WHEN (OLD.name_vi IS DISTINCT FROM NEW.name_vi OR OLD.name_en IS DISTINCT FROM NEW.name_en
     OR OLD.sort_order IS DISTINCT FROM NEW.sort_order OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION search_changed_updated();
CREATE TRIGGER specialities_search_trunc AFTER TRUNCATE ON specialities
  FOR EACH STATEMENT EXECUTE FUNCTION search_changed_truncated();

CREATE TRIGGER symptoms_search_ins AFTER INSERT ON symptoms
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_inserted();
CREATE TRIGGER symptoms_search_del AFTER DELETE ON symptoms
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_deleted();
CREATE TRIGGER symptoms_search_upd AFTER UPDATE ON symptoms FOR EACH ROW
  WHEN (OLD.name_vi IS DISTINCT FROM NEW.name_vi OR OLD.name_en IS DISTINCT FROM NEW.name_en
     OR OLD.sort_order IS DISTINCT FROM NEW.sort_order OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION search_changed_updated();
CREATE TRIGGER symptoms_search_trunc AFTER TRUNCATE ON symptoms
  FOR EACH STATEMENT EXECUTE FUNCTION search_changed_truncated();
