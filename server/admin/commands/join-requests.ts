import { ownerInTenant } from '../../db/database';
import { decideJoinRequest, listJoinRequests } from '../../modules/discovery/join-repository';
import { dataChanged } from '../../lib/response-cache';
import type { AdminCommand } from './command';

const STATUS = ['waiting', 'approved', 'rejected'];

/**
 * `npm run admin -- join-requests list|approve|reject <tenant> [id]`: the join-as-doctor and
 * join-as-hospital requests of a tenant. Approving makes the doctor (or hospital) appear in
 * search and listings at once (approval_status 1); rejecting keeps it hidden (2).
 */
export const command: AdminCommand = {
  name: 'join-requests',
  usage: 'join-requests list <tenant> | join-requests approve|reject <tenant> <id>',
  description: 'List, approve or reject join-as-doctor / join-as-hospital requests',
  async run({ db, registry, args, print }) {
    const [action, tenant, rawId] = args;
    if (!tenant || !registry.byCode.has(tenant) || !['list', 'approve', 'reject'].includes(action ?? '')) {
      print(`usage: ${this.usage}`);
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
      print(`usage: ${this.usage}`);
      return 2;
    }
    const done = await inTenant((sql) => decideJoinRequest(sql, id, action === 'approve' ? 1 : 2));
    // Run inside the server (PGlite admin socket), this makes the doctor searchable at once.
    if (done) await dataChanged(tenant);
    print(
      done
        ? `join request ${id} ${action === 'approve' ? 'approved' : 'rejected'}`
        : `no waiting join request ${id} in ${tenant}`,
    );
    return done ? 0 : 1;
  },
};
