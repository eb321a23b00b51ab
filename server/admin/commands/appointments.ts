import { CANCELLED_BY } from '../../../schemas/codes';
import { ownerInTenant } from '../../db/database';
import { dataChanged } from '../../lib/response-cache';
import {
  cancelAppointmentBy,
  completeAppointment,
  operatorList,
  parsePrescription,
} from '../../modules/appointments/index';
import { rewardReferralOnCompletion } from '../../modules/promotions/index';
import { parseCommand, type AdminCommand } from './command';

const STATUS: Record<number, string> = {
  0: 'Pending',
  1: 'PaymentInitiated',
  2: 'PaymentCancel',
  3: 'PaymentFailed',
  4: 'Booked',
  5: 'Cancelled',
  10: 'Completed',
};
const PAYMENT = ['NotApplicable', 'Pending', 'Completed', 'Cancelled', 'Failed', 'Refunded'];
const SERVICE = ['hospital', 'video', 'home', 'direct'];
const USAGE = [
  'appointments list <tenant> [--user email|phone]',
  'appointments complete <tenant> <appointmentId> --note "..." --diagnosis "..." [--advice "..."] [--prescription \'[{"name":"...","dosage":"...","frequency":"...","days":5,"note":""}]\']',
  'appointments cancel <tenant> <appointmentId> --by doctor|hospital --reason "..." [--remark "..."]',
].join('\n       ');

/**
 * `npm run admin -- appointments list|complete|cancel <tenant> ...`: the operator side of
 * appointments. `complete` marks a Booked appointment Completed with a consultation note,
 * diagnosis and prescription (shown to the patient in GetAllConsulationByAppointment; a cash
 * payment becomes Completed); `cancel` cancels it on behalf of the doctor or the hospital (status
 * label "cancelled by ...", slot freed, online payment refunded by the tenant's rule).
 */
export const command: AdminCommand = {
  name: 'appointments',
  usage: USAGE,
  description: 'List appointments, complete one with a consultation note and prescription, or cancel one',
  async run({ db, registry, args, print }) {
    const parsed = parseCommand(args, {
      usage: USAGE,
      actions: ['list', 'complete', 'cancel'],
      options: {
        user: { type: 'string' },
        note: { type: 'string' },
        diagnosis: { type: 'string' },
        advice: { type: 'string' },
        prescription: { type: 'string' },
        by: { type: 'string' },
        reason: { type: 'string' },
        remark: { type: 'string' },
      },
      registry,
      print,
    });
    if (!parsed) return 2;
    const { action, tenant, config, values, positionals } = parsed;

    if (action === 'list') {
      const rows = await ownerInTenant(db, tenant, (sql) => operatorList(sql, { login: values.user }));
      for (const r of rows) {
        print(
          [
            String(r.appointment_id).padStart(6),
            r.appointment_number.padEnd(16),
            (STATUS[r.status] ?? String(r.status)).padEnd(16),
            `pay ${(PAYMENT[r.payment_status] ?? '').padEnd(13)}`,
            (SERVICE[r.service_type_id] ?? '').padEnd(8),
            new Date(r.starts_at).toISOString().slice(0, 16).replace('T', ' ') + 'Z',
            `${r.doctor_name} -> ${r.patient_name} <${r.login}>`,
          ].join('  '),
        );
      }
      if (rows.length === 0) print('no appointments');
      return 0;
    }

    const id = Number(positionals[0]);
    if (!Number.isSafeInteger(id) || id < 1) {
      print(`usage: ${USAGE}`);
      return 2;
    }

    if (action === 'complete') {
      const prescription = parsePrescription(values.prescription ?? '[]');
      if (!values.note?.trim() || !values.diagnosis?.trim() || !prescription) {
        print(
          'complete needs --note and --diagnosis, and --prescription must be a JSON array of items with a name',
        );
        return 2;
      }
      const now = new Date();
      const result = await ownerInTenant(db, tenant, async (sql) => {
        const done = await completeAppointment(sql, id, {
          note: values.note!.trim(),
          diagnosis: values.diagnosis!.trim(),
          advice: values.advice?.trim() ?? '',
          prescription,
          now,
        });
        // Refer and earn: an invited patient's first paid consultation rewards both wallets.
        if (done === 'completed') await rewardReferralOnCompletion(sql, config, { appointmentId: id, now });
        return done;
      });
      print(
        result === 'completed'
          ? `appointment ${id} completed with a consultation note`
          : result === 'not_found'
            ? `no appointment ${id} in ${tenant}`
            : `appointment ${id} is not Booked or Pending; nothing changed`,
      );
      return result === 'completed' ? 0 : 1;
    }

    const by = values.by;
    if ((by !== 'doctor' && by !== 'hospital') || !values.reason?.trim() || !CANCELLED_BY.includes(by)) {
      print('cancel needs --by doctor|hospital and --reason');
      return 2;
    }
    const cancelled = await ownerInTenant(db, tenant, async (sql) => {
      // A superuser owner bypasses RLS: make sure the id is this tenant's before touching it.
      const { rows } = await sql.query(
        'SELECT 1 FROM appointments WHERE appointment_id = $1 AND tenant_id = current_tenant()',
        [id],
      );
      if (!rows.length) return false;
      return cancelAppointmentBy(sql, config, id, by, values.reason!.trim(), {
        remark: values.remark?.trim() ?? '',
      });
    }).catch((error: unknown) => {
      // A bank refund needs the payment provider, which operator commands do not hold.
      if ((error as { code?: string }).code === 'refund_failed') return null;
      throw error;
    });
    if (cancelled === null) {
      print(`appointment ${id}: refund the online payment through the provider first; nothing changed`);
      return 1;
    }
    // The freed slot shows in the public lists at once (when run inside the server).
    if (cancelled) await dataChanged(tenant, 'availability');
    print(
      cancelled ? `appointment ${id} cancelled by the ${by}` : `no active appointment ${id} in ${tenant}`,
    );
    return cancelled ? 0 : 1;
  },
};
