import type { BenchSection } from './bench-module';
import { measureMessageThroughput } from './message-throughput';

/**
 * Message delivery throughput on PostgreSQL (BENCH_DATABASE_URL, else the machine's DATABASE_URL
 * or postgres://postgres@127.0.0.1:5432/postgres): events raised per second, then emails, SMS and
 * pushes sent per second by two dispatchers to a local SMTP server and eSMS stand-in.
 */
export const section: BenchSection = {
  title: 'Messages (delivery jobs, PostgreSQL)',
  async run({ print }) {
    const url =
      process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres';
    const events = Number(process.env.BENCH_MESSAGE_EVENTS ?? 1000);
    const r = await measureMessageThroughput(url, { events });
    print(
      `${r.events} events raised in ${r.raiseSeconds.toFixed(1)} s (${(r.events / r.raiseSeconds).toFixed(0)}/s, each an in-app notification and 3 deliveries)`,
    );
    print(
      `${r.deliveries} messages (email over SMTP, SMS over the eSMS API, push) sent in ${r.sendSeconds.toFixed(1)} s by 2 dispatchers: ${r.perSecond.toFixed(0)} messages/s`,
    );
  },
};
