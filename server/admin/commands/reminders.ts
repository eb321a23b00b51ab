import { reminderStatus } from '../../modules/reminders/index';
import type { AdminCommand } from './command';

const STATES = ['pending', 'sent', 'failed', 'cancelled'];

/** `npm run admin -- reminders <tenant> [state]`: each reminder's delivery state. */
export const command: AdminCommand = {
  name: 'reminders',
  usage: 'reminders <tenant> [pending|sent|failed|cancelled]',
  description:
    'List appointment reminders: appointment, due time, state (sent: handed to the message pipeline; see `messages`), last error',
  async run({ db, registry, args, print }) {
    const [tenant, state] = args;
    if (!tenant || !registry.byCode.has(tenant) || (state && !STATES.includes(state))) {
      print('usage: npm run admin -- reminders <tenant> [pending|sent|failed|cancelled]');
      return 2;
    }
    const rows = await reminderStatus(db, tenant, { state });
    if (rows.length === 0) {
      print(`no reminders on ${tenant}${state ? ` in state ${state}` : ''}`);
      return 0;
    }
    print(
      [
        'id',
        'kind',
        'appointment',
        'before',
        'due (UTC)',
        'state',
        'attempts',
        'delivered',
        'last error',
      ].join('\t'),
    );
    for (const r of rows) {
      print(
        [
          r.reminder_id,
          r.kind,
          r.appointment_number ?? (r.waitlist_id ? `waitlist #${r.waitlist_id}` : '-'),
          r.offset_minutes === null ? '-' : `${r.offset_minutes} min`,
          r.due_at.toISOString().slice(0, 16).replace('T', ' '),
          r.state === 'pending' && r.attempts > 0
            ? `retrying at ${r.next_attempt_at.toISOString().slice(11, 16)}`
            : r.state,
          String(r.attempts),
          r.delivered.join(',') || '-',
          r.last_error ?? '',
        ].join('\t'),
      );
    }
    return 0;
  },
};
