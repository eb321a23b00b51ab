import { dataChanged } from '../../lib/response-cache';
import { grantByOperator } from '../../modules/direct-calls/index';
import { parseCommand, type AdminCommand } from './command';

const USAGE =
  'packages grant <tenant> --user <email|phone> [--kind membership|iomt] [--package <id>] [--calls <n>]';

/**
 * `npm run admin -- packages grant <tenant> --user <email|phone>`: gives a patient a membership
 * package (its calls, call length and validity) or an IoMT package, from now; without --package the
 * tenant's cheapest of that kind. Prints the package held and a few of its doctors' workspace logins,
 * who answer its direct calls when online (README "Try a direct call").
 */
export const command: AdminCommand = {
  name: 'packages',
  usage: USAGE,
  description: 'Grant a patient a membership (direct-call) or IoMT package',
  async run({ db, registry, args, print }) {
    const parsed = parseCommand(args, {
      usage: USAGE,
      actions: ['grant'],
      options: {
        user: { type: 'string' },
        kind: { type: 'string', default: 'membership' },
        package: { type: 'string' },
        calls: { type: 'string' },
      },
      registry,
      print,
    });
    if (!parsed) return 2;
    const { tenant, config, values } = parsed;
    const kind = values.kind;
    const programId = values.package === undefined ? undefined : Number(values.package);
    const calls = values.calls === undefined ? undefined : Number(values.calls);
    const badNumber = (n: number | undefined) =>
      n !== undefined && !(Number.isInteger(n) && n >= 0 && n < 2 ** 31);
    if (
      !values.user ||
      (kind !== 'membership' && kind !== 'iomt') ||
      badNumber(programId) ||
      badNumber(calls)
    ) {
      print(`usage: ${USAGE}`);
      return 2;
    }
    if (kind === 'membership' ? !config.features.directCall : !config.features.iomt) {
      print(
        `${tenant} does not offer ${kind === 'membership' ? 'direct calls (features.directCall)' : 'IoMT packages (features.iomt)'}`,
      );
      return 1;
    }
    const result = await grantByOperator(db, config, {
      login: values.user,
      kind,
      programId,
      calls,
      now: new Date(),
    });
    if ('problem' in result) {
      print(result.problem);
      return 1;
    }
    dataChanged(tenant);
    print(
      `userPackageId=${result.userPackageId} programId=${result.programId} calls=${result.calls ?? 'unlimited'} ` +
        `expiresAt=${result.expiresAt.toISOString()} doctorLogins=${result.doctorLogins.join(',')}`,
    );
    return 0;
  },
};
