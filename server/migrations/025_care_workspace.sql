-- The care side (spec section 6: roles Doctor and Hospital): doctors and hospital staff sign in
-- with the patients' accounts machinery and work in /care. What they may read is the database's
-- job, as tenancy is: a care transaction carries the acting role, user, doctor and hospital as
-- transaction settings (server/modules/care/care-transaction.ts), and RESTRICTIVE policies on the
-- tables the care side reads narrow the tenant's rows to that doctor's or hospital's. A
-- transaction without a care role (patients, jobs, operator commands) is not narrowed: those
-- paths keep filtering by the caller as before.

-- Roles. 'doctor' accounts act for one doctors row, 'hospital' (staff) for one hospitals row.
ALTER TABLE users
  ADD COLUMN role text NOT NULL DEFAULT 'patient' CHECK (role IN ('patient', 'doctor', 'hospital')),
  ADD COLUMN doctor_id integer REFERENCES doctors,
  ADD COLUMN hospital_id integer REFERENCES hospitals,
  ADD CONSTRAINT users_role_target CHECK (
    (role = 'doctor') = (doctor_id IS NOT NULL) AND (role = 'hospital') = (hospital_id IS NOT NULL));
-- One account per doctor (the call and presence act for the doctor); a hospital may have several.
CREATE UNIQUE INDEX users_doctor_idx ON users (doctor_id) WHERE doctor_id IS NOT NULL;
CREATE INDEX users_hospital_idx ON users (hospital_id) WHERE hospital_id IS NOT NULL;

-- The acting care role of the transaction, or NULL outside the care workspace.
CREATE OR REPLACE FUNCTION care_role() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT NULLIF(current_setting('app.care_role', true), '')
$$;
CREATE OR REPLACE FUNCTION care_user_id() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT NULLIF(current_setting('app.care_user_id', true), '')::integer
$$;
CREATE OR REPLACE FUNCTION care_doctor_id() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT NULLIF(current_setting('app.care_doctor_id', true), '')::integer
$$;
CREATE OR REPLACE FUNCTION care_hospital_id() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT NULLIF(current_setting('app.care_hospital_id', true), '')::integer
$$;

-- Adds a RESTRICTIVE policy `care_scope` (all commands) to a tenant table: rows pass when no care
-- role is acting, or when `care_condition` holds for the acting role.
CREATE OR REPLACE FUNCTION enable_care_scope(tbl text, care_condition text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS care_scope ON %I', tbl);
  EXECUTE format('CREATE POLICY care_scope ON %I AS RESTRICTIVE USING (care_role() IS NULL OR (%s)) WITH CHECK (care_role() IS NULL OR (%s))',
                 tbl, care_condition, care_condition);
END $$;

-- No-show (spec: the doctor's side marks a patient who did not come): a final status of its own.
ALTER TABLE appointments DROP CONSTRAINT appointments_status_check;
ALTER TABLE appointments ADD CONSTRAINT appointments_status_check CHECK (status IN (0, 1, 2, 3, 4, 5, 10, 11));
ALTER TABLE appointments ADD COLUMN no_show_at timestamptz;

-- Appointments: a doctor's own; hospital staff's hospital's (a video or direct call has no
-- hospital: it belongs to the hospitals the doctor works at).
SELECT enable_care_scope('appointments', $c$
  (care_role() = 'doctor' AND doctor_id = care_doctor_id())
  OR (care_role() = 'hospital' AND (hospital_id = care_hospital_id()
      OR (hospital_id IS NULL AND doctor_id IN (
            SELECT dh.doctor_id FROM doctor_hospitals dh WHERE dh.hospital_id = care_hospital_id())))) $c$);
CREATE INDEX appointments_doctor_idx ON appointments (doctor_id, starts_at);
CREATE INDEX appointments_hospital_idx ON appointments (hospital_id, starts_at);

-- Everything hanging off an appointment follows it (the subqueries see appointments through its
-- own policies, so they are narrowed the same way).
SELECT enable_care_scope(t, 'EXISTS (SELECT 1 FROM appointments a WHERE a.appointment_id = ' || t || '.appointment_id)')
  FROM unnest(ARRAY['appointment_symptoms', 'appointment_health_records', 'appointment_reschedules',
                    'appointment_attachments', 'appointment_results']) AS t;

-- Patients: only those with an appointment the actor sees.
SELECT enable_care_scope('patients',
  'EXISTS (SELECT 1 FROM appointments a WHERE a.patient_id = patients.patient_id)');
-- Health records: only those shared with an appointment the actor sees, and their files.
SELECT enable_care_scope('health_records',
  'EXISTS (SELECT 1 FROM appointment_health_records x WHERE x.health_record_id = health_records.health_record_id)');
SELECT enable_care_scope('health_record_files',
  'EXISTS (SELECT 1 FROM health_records r WHERE r.health_record_id = health_record_files.health_record_id)');
-- Accounts: a care user reads only their own (no patient's login, phone or settings).
SELECT enable_care_scope('users', 'user_id = care_user_id()');
-- The access log is the patient's: the care side appends to it, never reads it.
SELECT enable_care_scope('data_access_log', 'false');
DROP POLICY care_scope ON data_access_log;
CREATE POLICY care_scope ON data_access_log AS RESTRICTIVE FOR SELECT USING (care_role() IS NULL);

-- Consultation notes name their doctor (past consultations shared with another doctor show who
-- wrote them without exposing that other doctor's appointment row).
ALTER TABLE consultations ADD COLUMN doctor_id integer REFERENCES doctors;
CREATE OR REPLACE FUNCTION consultations_fill_doctor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.doctor_id IS NULL THEN
    NEW.doctor_id := (SELECT a.doctor_id FROM appointments a WHERE a.appointment_id = NEW.appointment_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER consultations_fill_doctor BEFORE INSERT ON consultations
  FOR EACH ROW EXECUTE FUNCTION consultations_fill_doctor();
-- Existing notes: FORCE is lifted for the backfill so a non-superuser owner sees every tenant's rows.
ALTER TABLE consultations NO FORCE ROW LEVEL SECURITY;
ALTER TABLE appointments NO FORCE ROW LEVEL SECURITY;
UPDATE consultations c SET doctor_id = a.doctor_id FROM appointments a
 WHERE a.appointment_id = c.appointment_id AND c.doctor_id IS NULL;
ALTER TABLE consultations FORCE ROW LEVEL SECURITY;
ALTER TABLE appointments FORCE ROW LEVEL SECURITY;

-- Past consultations the patient shared with a new appointment (MakeAppointment
-- consulationNoteAppointmentIds): the new appointment's doctor side reads their notes.
CREATE TABLE appointment_shared_consultations (
  tenant_id text NOT NULL DEFAULT current_tenant() REFERENCES tenants(code),
  appointment_id bigint NOT NULL REFERENCES appointments ON DELETE CASCADE,
  source_appointment_id bigint NOT NULL REFERENCES appointments ON DELETE CASCADE,
  PRIMARY KEY (appointment_id, source_appointment_id),
  CHECK (appointment_id <> source_appointment_id)
);
SELECT enable_tenant_rls('appointment_shared_consultations');
SELECT enable_care_scope('appointment_shared_consultations',
  'EXISTS (SELECT 1 FROM appointments a WHERE a.appointment_id = appointment_shared_consultations.appointment_id)');
SELECT enable_care_scope('consultations', $c$
  EXISTS (SELECT 1 FROM appointments a WHERE a.appointment_id = consultations.appointment_id)
  OR EXISTS (SELECT 1 FROM appointment_shared_consultations s WHERE s.source_appointment_id = consultations.appointment_id) $c$);

-- A care user's availability for direct calls: 'online' only while the workspace keeps sending
-- heartbeats (expires_at moves forward with each); a closed or silent browser lapses by itself.
-- Kept in the database so every server process agrees.
CREATE TABLE care_presence (
  tenant_id text NOT NULL DEFAULT current_tenant() REFERENCES tenants(code),
  user_id integer PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  doctor_id integer REFERENCES doctors,
  status text NOT NULL CHECK (status IN ('online', 'away')),
  expires_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX care_presence_online_idx ON care_presence (doctor_id, expires_at) WHERE status = 'online';
SELECT enable_tenant_rls('care_presence');
SELECT enable_care_scope('care_presence', 'user_id = care_user_id()');
