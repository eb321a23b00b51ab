import type { Database } from '../../db/database';

/** Minimal rows for reminder and waitlist tests: a doctor with a price, slots, a self patient. */
export async function makeDoctor(db: Database, tenant: string, name = 'Nguyễn Văn An'): Promise<number> {
  return db.tenant(tenant, async (sql) => {
    const { rows } = await sql.query<{ doctor_id: number }>(
      `INSERT INTO doctors (full_name, gender) VALUES ($1, 'M') RETURNING doctor_id`,
      [name],
    );
    const id = Number(rows[0]!.doctor_id);
    await sql.query(`INSERT INTO doctor_prices (doctor_id, service_type_id, price) VALUES ($1, 1, 200000)`, [
      id,
    ]);
    return id;
  });
}

export async function makeSlot(
  db: Database,
  tenant: string,
  doctorId: number,
  startsAt: Date,
  booked = false,
) {
  return db.tenant(tenant, async (sql) => {
    const { rows } = await sql.query<{ slot_id: string }>(
      `INSERT INTO doctor_slots (doctor_id, starts_at, ends_at, time_slot, booked_count)
       VALUES ($1, $2, $3, 0, $4) RETURNING slot_id`,
      [doctorId, startsAt, new Date(startsAt.getTime() + 30 * 60_000), booked ? 1 : 0],
    );
    return Number(rows[0]!.slot_id);
  });
}

export async function makePatient(
  db: Database,
  tenant: string,
  userId: number,
  isSelf = true,
): Promise<number> {
  return db.tenant(tenant, async (sql) => {
    const { rows } = await sql.query<{ patient_id: number }>(
      `INSERT INTO patients (user_id, is_self, full_name, gender, date_of_birth)
       VALUES ($1, $2, 'Trần Thị Bình', 'F', '1990-01-01') RETURNING patient_id`,
      [userId, isSelf],
    );
    return Number(rows[0]!.patient_id);
  });
}

let counter = 0;
/** A booked (status 4) appointment of the slot. */
export async function makeAppointment(
  db: Database,
  tenant: string,
  a: {
    userId: number;
    patientId: number;
    doctorId: number;
    slotId: number;
    startsAt: Date;
    localDate: string;
  },
): Promise<number> {
  counter += 1;
  return db.tenant(tenant, async (sql) => {
    const { rows } = await sql.query<{ appointment_id: string }>(
      `INSERT INTO appointments (appointment_number, user_id, patient_id, doctor_id, slot_id, service_type_id,
         starts_at, ends_at, local_date, status, payment_status, payment_method, price, final_price)
       VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, 4, 0, 0, 200000, 200000) RETURNING appointment_id`,
      [
        `AP-T${counter}-${Date.now() % 100000}`,
        a.userId,
        a.patientId,
        a.doctorId,
        a.slotId,
        a.startsAt,
        new Date(a.startsAt.getTime() + 30 * 60_000),
        a.localDate,
      ],
    );
    return Number(rows[0]!.appointment_id);
  });
}
