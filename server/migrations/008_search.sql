-- Search: accent-folded name columns with trigram indexes for GlobalSearches and the
-- FilterDoctors searchText, and a maintained "next free slot" per doctor for the earliest-slot sort.

-- Row-level security keeps PostgreSQL from using an index for a condition whose function is not
-- LEAKPROOF (the condition would see other tenants' rows before the policy filters them). LIKE and
-- pg_trgm's similarity operators cannot fail or leak anything about the row they compare (their
-- only errors come from the pattern, which the caller wrote), so they are marked LEAKPROOF and the
-- trigram indexes below become usable under RLS. Only a superuser may do this; otherwise the
-- searches stay correct and fall back to scans (see README "Search").
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
    ALTER FUNCTION public.word_similarity_op(text, text) LEAKPROOF;
    ALTER FUNCTION public.word_similarity_commutator_op(text, text) LEAKPROOF;
    ALTER FUNCTION public.similarity_op(text, text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'not a superuser: trigram indexes are not usable under RLS (searches scan)';
  END IF;
END $$;

ALTER TABLE doctors ADD COLUMN search_name text GENERATED ALWAYS AS (fold_text(full_name)) STORED;
CREATE INDEX doctors_search_name_trgm ON doctors USING gin (search_name gin_trgm_ops);

ALTER TABLE specialities ADD COLUMN search_vi text GENERATED ALWAYS AS (fold_text(name_vi)) STORED;
ALTER TABLE specialities ADD COLUMN search_en text GENERATED ALWAYS AS (fold_text(name_en)) STORED;
CREATE INDEX specialities_search_vi_trgm ON specialities USING gin (search_vi gin_trgm_ops);
CREATE INDEX specialities_search_en_trgm ON specialities USING gin (search_en gin_trgm_ops);

ALTER TABLE symptoms ADD COLUMN search_vi text GENERATED ALWAYS AS (fold_text(name_vi)) STORED;
ALTER TABLE symptoms ADD COLUMN search_en text GENERATED ALWAYS AS (fold_text(name_en)) STORED;
CREATE INDEX symptoms_search_vi_trgm ON symptoms USING gin (search_vi gin_trgm_ops);
CREATE INDEX symptoms_search_en_trgm ON symptoms USING gin (search_en gin_trgm_ops);

ALTER TABLE blogs ADD COLUMN search_title text GENERATED ALWAYS AS (fold_text(title)) STORED;
CREATE INDEX blogs_search_title_trgm ON blogs USING gin (search_title gin_trgm_ops);

-- Earliest free slot per doctor: start of the first unbooked slot that was in the future when it
-- was computed; 'infinity' when the doctor has none; NULL only before the first computation.
-- Kept right by the statement triggers below on every insert, update (booking, release) and
-- delete of slots. A slot that merely passes makes the value stale; readers therefore only trust
-- it while it is > now() and otherwise compute it from doctor_slots_free_idx (next_free_slot_of),
-- and a periodic refresh (refresh_next_free_slots) rewrites stale values so that fallback stays rare.
ALTER TABLE doctors ADD COLUMN next_free_slot timestamptz;
-- Earliest-slot order straight from the index (FilterDoctors reads a page and stops), and a
-- narrow covering index so that counting a tenant's listed doctors never reads the wide rows.
CREATE INDEX doctors_next_free_slot_idx ON doctors (tenant_id, next_free_slot, rating DESC, doctor_id)
  WHERE approval_status = 1;
CREATE INDEX doctors_listing_idx ON doctors (tenant_id, approval_status)
  INCLUDE (doctor_id, gender, experience_years, city_id, rating, rating_count, next_free_slot);

CREATE OR REPLACE FUNCTION next_free_slot_of(doctor integer) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT coalesce(min(starts_at), 'infinity'::timestamptz) FROM doctor_slots
   WHERE doctor_id = doctor AND NOT is_booked AND starts_at > now()
$$;

CREATE OR REPLACE FUNCTION doctor_slots_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE doctors d SET next_free_slot = next_free_slot_of(d.doctor_id)
     WHERE d.doctor_id IN (SELECT DISTINCT doctor_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE doctors d SET next_free_slot = next_free_slot_of(d.doctor_id)
     WHERE d.doctor_id IN (SELECT DISTINCT doctor_id FROM old_rows);
  ELSE
    UPDATE doctors d SET next_free_slot = next_free_slot_of(d.doctor_id)
     WHERE d.doctor_id IN (SELECT doctor_id FROM new_rows UNION SELECT doctor_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER doctor_slots_next_free_ins AFTER INSERT ON doctor_slots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_slots_touch();
CREATE TRIGGER doctor_slots_next_free_upd AFTER UPDATE ON doctor_slots
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_slots_touch();
CREATE TRIGGER doctor_slots_next_free_del AFTER DELETE ON doctor_slots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_slots_touch();

-- Rewrites the values whose slot has passed (for the transaction's tenant: RLS applies).
CREATE OR REPLACE FUNCTION refresh_next_free_slots() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  UPDATE doctors d SET next_free_slot = next_free_slot_of(d.doctor_id)
   WHERE d.next_free_slot IS NULL OR d.next_free_slot <= now();
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

-- Existing rows (a superuser owner sees every tenant; otherwise readers fall back until refreshed).
UPDATE doctors d SET next_free_slot = next_free_slot_of(d.doctor_id);
