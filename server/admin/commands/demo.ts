import { ownerInTenant } from '../../db/database';
import { dataChanged } from '../../lib/response-cache';
import { bookVideoNow } from '../../modules/calls/index';
import { remindNow } from '../../modules/reminders/index';
import { parseCommand, type AdminCommand } from './command';

const USAGE = 'demo video-now|remind <tenant> --user <email|phone>';

/**
 * `npm run admin -- demo video-now <tenant> --user <email|phone>`: a video consultation of that
 * patient with a demo doctor, open to join now, to try a call with two browser windows (README
 * "Try a video call"). Refused in production: it books without payment.
 * `demo remind <tenant> --user <email|phone>`: the in-app reminder of that user's next appointment,
 * now: the header's count and the reminder dialog follow it live in their open browser.
 */
export const command: AdminCommand = {
  name: 'demo',
  usage: USAGE,
  description:
    'Demo helpers: book a video consultation open to join now, or remind a user of their next appointment now (not in production)',
  async run({ db, registry, args, print }) {
    if (process.env.NODE_ENV === 'production') {
      print('demo commands are refused in production');
      return 1;
    }
    const parsed = parseCommand(args, {
      usage: USAGE,
      actions: ['video-now', 'remind'],
      options: { user: { type: 'string' } },
      registry,
      print,
    });
    if (!parsed) return 2;
    const { tenant, config, values, action } = parsed;
    if (action === 'remind') {
      if (!values.user) {
        print(`usage: ${USAGE}`);
        return 2;
      }
      const login = values.user;
      const reminded = await ownerInTenant(db, tenant, (sql) => remindNow(sql, config, login, new Date()));
      if ('problem' in reminded) {
        print(reminded.problem);
        return 1;
      }
      print(`notificationId=${reminded.notificationId} appointmentId=${reminded.appointmentId}`);
      return 0;
    }
    if (!config.features.video) {
      print(`${tenant} does not offer video consultations (features.video is off)`);
      return 1;
    }
    if (!values.user) {
      print(`usage: ${USAGE}`);
      return 2;
    }
    const login = values.user;
    const result = await ownerInTenant(db, tenant, (sql) =>
      bookVideoNow(sql, tenant, login, new Date(), config.booking.timeZone),
    );
    if ('problem' in result) {
      print(result.problem);
      return 1;
    }
    dataChanged(tenant);
    print(`appointmentId=${result.appointmentId} doctorLogin=${result.doctorLogin}`);
    return 0;
  },
};
