import { loadEnv } from '../../config/env';
import { ownerInTenant } from '../../db/database';
import { dataChanged } from '../../lib/response-cache';
import { decideJoin } from '../../modules/care/index';
import { listJoinRequests } from '../../modules/join/index';
import { createDeliveryFactory, type Delivery } from '../../services/delivery/index';
import type { AdminCommand } from './command';

const STATUS = ['waiting', 'approved', 'rejected'];

/** The delivery of a tenant from the environment (outbox, and SMTP/SMS in production). */
function deliveryOf(tenant: { code: string }): Delivery {
  const env = loadEnv();
  return createDeliveryFactory({
    production: env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL,
    from: env.SMTP_FROM,
    onError: (error, code) => console.error(`delivery failed for ${code}:`, error),
  })(tenant);
}

type Context = Parameters<AdminCommand['run']>[0] & { delivery?: Delivery };

/**
 * `npm run admin -- join-requests list|approve|reject <tenant> [id]`: the join-as-doctor and
 * join-as-hospital requests of a tenant. Approving makes the doctor (or hospital) appear in
 * search and listings at once (approval_status 1), creates its care account and emails the
 * sign-in invitation; rejecting keeps it hidden (2). `delivery` is for tests.
 */
export async function runJoinRequests({ db, registry, args, print, delivery }: Context): Promise<number> {
  const usage = 'join-requests list <tenant> | join-requests approve|reject <tenant> <id>';
  const [action, tenant, rawId] = args;
  const config = registry.byCode.get(tenant ?? '')?.config;
  if (!tenant || !config || !['list', 'approve', 'reject'].includes(action ?? '')) {
    print(`usage: ${usage}`);
    return 2;
  }
  const inTenant = <T>(fn: Parameters<typeof db.owner<T>>[0]) => ownerInTenant(db, tenant, fn);
  if (action === 'list') {
    const rows = await inTenant((sql) => listJoinRequests(sql));
    for (const r of rows) {
      const target = r.kind === 'doctor' ? `doctor ${r.doctor_id}` : `hospital ${r.hospital_id}`;
      print(
        `${String(r.join_request_id).padStart(6)}  ${r.kind.padEnd(8)} ${STATUS[r.approval_status]!.padEnd(9)} ${target.padEnd(16)} ${r.name} <${r.email}>`,
      );
    }
    if (rows.length === 0) print('no join requests');
    return 0;
  }
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1) {
    print(`usage: ${usage}`);
    return 2;
  }
  const approve = action === 'approve';
  const decided = await inTenant((sql) =>
    decideJoin(sql, {
      tenant: config,
      delivery: delivery ?? deliveryOf(config),
      id,
      approve,
      now: new Date(),
    }),
  );
  // Run inside the server (PGlite admin socket), this makes the doctor searchable at once.
  if (decided) await dataChanged(tenant);
  if (!decided) {
    print(`no waiting join request ${id} in ${tenant}`);
    return 1;
  }
  print(`join request ${id} ${approve ? 'approved' : 'rejected'}`);
  const account = decided.account;
  if (account?.outcome === 'taken')
    print(`${decided.request.email} already acts for another doctor or hospital: no account created`);
  else if (account)
    print(
      `care account ${account.userId} (${decided.request.kind}) ${account.outcome === 'created' ? 'created' : 'given to the existing account'}; invitation sent to ${decided.request.email}`,
    );
  return 0;
}

export const command: AdminCommand = {
  name: 'join-requests',
  usage: 'join-requests list <tenant> | join-requests approve|reject <tenant> <id>',
  description: 'List, approve (creates the care account and invites it) or reject join requests',
  run: (context) => runJoinRequests(context),
};
