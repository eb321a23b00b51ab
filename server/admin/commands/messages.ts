import type { LanguageCode } from '../../../schemas/tenant.schema';
import {
  DELIVERY_STATES,
  deliveryStatus,
  isMessageEvent,
  MESSAGE_EVENT_NAMES,
  renderMessage,
  retryDelivery,
  samplePayload,
} from '../../modules/messages/index';
import type { AdminCommand } from './command';

const isLanguageCode = (s: string): s is LanguageCode => s === 'vi' || s === 'en';

const USAGE = [
  'messages <tenant> [pending|sending|sent|failed|cancelled]',
  'messages preview <tenant> <event> <vi|en>',
  'messages retry <tenant> <delivery id>',
].join('\n       ');

/**
 * `npm run admin -- messages ...`: each delivery's state (the operator's view of what left and
 * what did not), a preview of an event's email, SMS and push with the tenant's templates, and a
 * retry of a failed delivery.
 */
export const command: AdminCommand = {
  name: 'messages',
  usage: USAGE,
  description:
    'Message deliveries per channel (state, attempts, last error); preview an event with the tenant templates; retry a failed one',
  async run({ db, registry, args, print }) {
    const usage = () => {
      print(`usage: npm run admin -- ${USAGE}`);
      print(`events: ${MESSAGE_EVENT_NAMES.join(', ')}`);
      return 2;
    };
    if (args[0] === 'preview') {
      const [, code = '', event = '', lang = ''] = args;
      const tenant = registry.byCode.get(code);
      if (!tenant || !isMessageEvent(event) || !isLanguageCode(lang)) return usage();
      const sms = tenant.config.sms;
      const m = renderMessage(tenant, event, lang, samplePayload(event), {
        unsubscribeUrl: `${tenant.config.companyInfo.linkUserWeb}/api/v1/Notifications/Unsubscribe?token=…`,
        smsUnicode: sms?.unicode ?? sms?.provider === 'json-http',
      });
      print(`== in-app / push\n${m.title}\n${m.body}\n`);
      print(`== email subject\n${m.subject}\n`);
      print(`== email text\n${m.text}\n`);
      print(`== email html\n${m.html}`);
      print(`== sms (${m.sms.length} characters, ${m.smsParts} SMS)\n${m.sms}`);
      return 0;
    }
    if (args[0] === 'retry') {
      const [, code = '', id = ''] = args;
      if (!registry.byCode.has(code) || !/^\d+$/.test(id)) return usage();
      const done = await retryDelivery(db, code, Number(id));
      print(done ? `delivery ${id} will be sent again` : `no failed delivery ${id} on ${code}`);
      return done ? 0 : 1;
    }
    const [code = '', state] = args;
    if (!registry.byCode.has(code) || (state && !(DELIVERY_STATES as readonly string[]).includes(state)))
      return usage();
    const rows = await deliveryStatus(db, code, { state });
    if (rows.length === 0) {
      print(`no messages on ${code}${state ? ` in state ${state}` : ''}`);
      return 0;
    }
    print(['id', 'created (UTC)', 'event', 'channel', 'to', 'state', 'attempts', 'last error'].join('\t'));
    for (const r of rows) {
      print(
        [
          r.delivery_id,
          r.created_at.toISOString().slice(0, 16).replace('T', ' '),
          r.event,
          r.channel,
          r.channel === 'push' ? `user ${r.recipient}` : r.recipient,
          r.state === 'pending' && r.attempts > 0
            ? `retrying at ${r.next_attempt_at.toISOString().slice(11, 16)}`
            : r.state,
          String(r.attempts),
          r.last_error ?? '',
        ].join('\t'),
      );
    }
    return 0;
  },
};
