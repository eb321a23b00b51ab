import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { insertConsultation } from '../../seed/appointments';
import {
  addAppointment,
  asOwner,
  createCatalogue,
  createPatientUser,
  type Catalogue,
  type TestUser,
} from './care-fixtures';

/**
 * The after-care tests' world: booking's clock frozen at Wednesday 18 March 2026, 12:00 in Hanoi
 * (set by the caller), two tenants' catalogues, the owner's appointment history around that time
 * (past p1–p5, upcoming u1–u3), a stranger of the same tenant and a foreigner of another, each
 * with an appointment, and consultations (the stranger's must never show).
 */

export const NOW = new Date('2026-03-18T05:00:00Z');
export const HOUR = 3_600_000;
export const at = (iso: string) => new Date(iso);
/** Local Hanoi wall time (UTC+7) as an instant. */
export const hanoi = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`);

export interface CareWorld {
  t: TestApp;
  cat: Catalogue;
  other: Catalogue;
  owner: TestUser;
  stranger: TestUser;
  foreigner: TestUser;
  ids: Record<string, number>;
}

export async function createCareWorld(): Promise<CareWorld> {
  const ids: Record<string, number> = {};
  const t = await createTestApp();
  const cat = await createCatalogue(t.db, 'songkhoe');
  const other = await createCatalogue(t.db, 'songhong', 2);
  const owner = await createPatientUser(
    t.app,
    t.db,
    'songkhoe',
    'care-owner@example.com',
    'Nguyễn Thị Ánh'.normalize('NFD'),
  );
  const stranger = await createPatientUser(t.app, t.db, 'songkhoe', 'care-stranger@example.com');
  const foreigner = await createPatientUser(t.app, t.db, 'songhong', 'care-foreign@example.com');
  const d = cat.doctorIds;
  const h = cat.hospitalId;
  // The owner's history around NOW (Wednesday 18 March 2026, 12:00 local).
  ids.p1 = await addAppointment(t.db, 'songkhoe', owner, {
    doctorId: d[0]!,
    hospitalId: h,
    startsAt: hanoi('2026-03-18', '08:00'),
    status: 10,
    paymentStatus: 2,
    queueNumber: 7,
    completedAt: hanoi('2026-03-18', '08:30'),
  });
  ids.p2 = await addAppointment(t.db, 'songkhoe', owner, {
    doctorId: d[0]!,
    startsAt: hanoi('2026-03-16', '09:00'),
    status: 10,
    paymentStatus: 2,
    serviceTypeId: 1,
    price: 250_000,
  });
  ids.p3 = await addAppointment(t.db, 'songkhoe', owner, {
    doctorId: d[0]!,
    hospitalId: h,
    startsAt: hanoi('2026-03-02', '10:00'),
    status: 5,
    paymentStatus: 0,
    cancelledBy: 'doctor',
    cancelReason: 'Bác sĩ bận',
  });
  ids.p4 = await addAppointment(t.db, 'songkhoe', owner, {
    doctorId: d[0]!,
    startsAt: hanoi('2026-02-10', '14:00'),
    status: 10,
    paymentStatus: 2,
  });
  ids.p5 = await addAppointment(t.db, 'songkhoe', owner, {
    doctorId: d[0]!,
    startsAt: hanoi('2025-12-20', '14:00'),
    status: 10,
    paymentStatus: 2,
  });
  ids.u1 = await addAppointment(t.db, 'songkhoe', owner, {
    doctorId: d[0]!,
    hospitalId: h,
    startsAt: hanoi('2026-03-18', '15:00'),
    queueNumber: 4,
    discount: 50_000,
  });
  ids.u2 = await addAppointment(t.db, 'songkhoe', owner, {
    doctorId: d[0]!,
    startsAt: hanoi('2026-03-25', '09:00'),
  });
  ids.u3 = await addAppointment(t.db, 'songkhoe', owner, {
    doctorId: d[0]!,
    startsAt: hanoi('2026-04-05', '09:00'),
    price: 0,
    paymentMethod: 2,
    paymentStatus: 0,
  });
  ids.stranger = await addAppointment(t.db, 'songkhoe', stranger, {
    doctorId: d[1]!,
    startsAt: hanoi('2026-03-17', '09:00'),
    status: 10,
    paymentStatus: 2,
  });
  ids.foreign = await addAppointment(t.db, 'songhong', foreigner, {
    doctorId: other.doctorIds[0]!,
    startsAt: hanoi('2026-03-17', '09:00'),
    status: 10,
    paymentStatus: 2,
  });
  await asOwner(t.db, 'songkhoe', (sql) =>
    insertConsultation(sql, ids.p1!, {
      diagnosis: 'Viêm họng cấp',
      note: 'Theo dõi thêm 5 ngày.',
      prescription: [
        { name: 'Paracetamol 500 mg', dosage: '1 viên', frequency: '3 lần/ngày', days: 5, note: '' },
      ],
      createdAt: hanoi('2026-03-18', '08:30'),
    }),
  );
  await asOwner(t.db, 'songkhoe', (sql) =>
    insertConsultation(sql, ids.stranger!, {
      diagnosis: 'Bí mật',
      note: 'Không được lộ',
      prescription: [],
      createdAt: NOW,
    }),
  );
  return { t, cat, other, owner, stranger, foreigner, ids };
}
