import type { FastifyInstance } from 'fastify';
import { ownerInTenant, type Database } from '../../db/database';
import { insertAppointment, type AppointmentInput } from '../../seed/appointments';
import { caller, createUser, PASSWORD } from '../accounts/test-support';

/**
 * Test set-up for the after-care tests: a tiny catalogue, users with a self patient and a token,
 * and appointments inserted directly (any time, any status) through the seed's insertAppointment.
 */

/** Runs fn as the owner with the tenant set (FORCE RLS applies to a non-superuser owner). */
export const asOwner = ownerInTenant;

export interface Catalogue {
  hospitalId: number;
  doctorIds: number[];
  symptomId: number;
}

/** A speciality, a symptom, a hospital and `doctors` approved doctors (rating 4.0 from 4 reviews). */
export async function createCatalogue(db: Database, tenant: string, doctors = 8): Promise<Catalogue> {
  return asOwner(db, tenant, async (sql) => {
    const sp = await sql.query<{ speciality_id: number }>(
      `INSERT INTO specialities (name_vi, name_en) VALUES ('Tai Mũi Họng', 'ENT') RETURNING speciality_id`,
    );
    const specialityId = sp.rows[0]!.speciality_id;
    const sy = await sql.query<{ symptom_id: number }>(
      `INSERT INTO symptoms (speciality_id, name_vi, name_en) VALUES ($1, 'Đau họng', 'Sore throat') RETURNING symptom_id`,
      [specialityId],
    );
    const h = await sql.query<{ hospital_id: number }>(
      `INSERT INTO hospitals (name, address) VALUES ('Bệnh viện Thử Nghiệm', '1 Phố Huế') RETURNING hospital_id`,
    );
    const hospitalId = h.rows[0]!.hospital_id;
    const doctorIds: number[] = [];
    for (let i = 0; i < doctors; i++) {
      const d = await sql.query<{ doctor_id: number }>(
        `INSERT INTO doctors (full_name, gender) VALUES ($1, 'F') RETURNING doctor_id`,
        [`Lê Thị Thu ${i + 1}`],
      );
      const id = d.rows[0]!.doctor_id;
      // Four earlier reviews of 4 stars: the doctor's rating is theirs (4.0 from 4).
      await sql.query(
        `INSERT INTO doctor_feedbacks (doctor_id, patient_name, rating) SELECT $1, 'Trần A.', 4 FROM generate_series(1, 4)`,
        [id],
      );
      doctorIds.push(id);
      await sql.query('INSERT INTO doctor_specialities (doctor_id, speciality_id) VALUES ($1, $2)', [
        id,
        specialityId,
      ]);
      await sql.query('INSERT INTO doctor_hospitals (doctor_id, hospital_id) VALUES ($1, $2)', [
        id,
        hospitalId,
      ]);
      await sql.query(
        'INSERT INTO doctor_prices (doctor_id, service_type_id, price) VALUES ($1, 0, 350000), ($1, 1, 250000)',
        [id],
      );
    }
    return { hospitalId, doctorIds, symptomId: sy.rows[0]!.symptom_id };
  });
}

export interface TestUser {
  userId: number;
  patientId: number;
  token: string;
  email: string;
}

/** An account with a self patient (named `patientName`), signed in. */
export async function createPatientUser(
  app: FastifyInstance,
  db: Database,
  tenant: string,
  email: string,
  patientName = 'Nguyễn Văn An',
): Promise<TestUser> {
  const userId = await createUser(db, tenant, { email });
  const patientId = await asOwner(db, tenant, async (sql) => {
    const { rows } = await sql.query<{ patient_id: number }>(
      `INSERT INTO patients (user_id, is_self, full_name, gender, date_of_birth) VALUES ($1, true, $2, 'M', '1990-01-01')
       RETURNING patient_id`,
      [userId, patientName],
    );
    return rows[0]!.patient_id;
  });
  const login = await caller(app, tenant).post('Auth/Login', { userName: email, password: PASSWORD });
  const token = login.json.data?.token as string;
  if (!token) throw new Error(`login failed: ${JSON.stringify(login.json)}`);
  return { userId, patientId, token, email };
}

/** An appointment of a user (defaults: Booked hospital visit, cash, 350 000 VND). */
export async function addAppointment(
  db: Database,
  tenant: string,
  user: { userId: number; patientId: number },
  fields: Partial<AppointmentInput> & { doctorId: number; startsAt: Date },
): Promise<number> {
  return asOwner(db, tenant, async (sql) => {
    const { appointmentId } = await insertAppointment(sql, tenant, {
      userId: user.userId,
      patientId: user.patientId,
      serviceTypeId: 0,
      status: 4,
      paymentStatus: 1,
      paymentMethod: 0,
      price: 350_000,
      ...fields,
    });
    return appointmentId;
  });
}
