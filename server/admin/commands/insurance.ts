import { CLAIM_STATUSES } from '../../../schemas/insurance';
import { ownerInTenant } from '../../db/database';
import { isClaimStatus, listCompanies, operatorClaims, setClaimStatus } from '../../modules/insurance/index';
import { parseCommand, type AdminCommand } from './command';

const USAGE = [
  'insurance claims <tenant> [--status submitted|in_review|approved|rejected|paid]',
  'insurance set-status <tenant> <claimId> <status> [--note "..."]',
  'insurance companies <tenant>',
].join('\n       ');

/**
 * `npm run admin -- insurance claims|set-status|companies <tenant> ...`: the operator side of
 * insurance claims. `claims` lists the tenant's claims (newest first) with their status;
 * `set-status` moves one to submitted, in_review, approved, rejected or paid with an optional note
 * the user sees on the claim; `companies` lists the tenant's insurance companies.
 */
export const command: AdminCommand = {
  name: 'insurance',
  usage: USAGE,
  description: "List a tenant's insurance claims or companies, or set a claim's status",
  async run({ db, registry, args, print }) {
    const parsed = parseCommand(args, {
      usage: USAGE,
      actions: ['claims', 'set-status', 'companies'],
      options: { status: { type: 'string' }, note: { type: 'string' } },
      registry,
      print,
    });
    if (!parsed) return 2;
    const { action, tenant, values, positionals } = parsed;

    if (action === 'companies') {
      const rows = await ownerInTenant(db, tenant, (sql) => listCompanies(sql, { activeOnly: false }));
      for (const r of rows)
        print(
          `${String(r.insurance_company_id).padStart(5)}  ${r.active ? 'active  ' : 'inactive'}  ${r.name_vi} / ${r.name_en}`,
        );
      if (rows.length === 0) print('no insurance companies');
      return 0;
    }

    if (action === 'claims') {
      if (values.status !== undefined && !isClaimStatus(values.status)) {
        print(`--status must be one of ${CLAIM_STATUSES.join(', ')}`);
        return 2;
      }
      const rows = await ownerInTenant(db, tenant, (sql) =>
        operatorClaims(sql, values.status as Parameters<typeof operatorClaims>[1]),
      );
      for (const r of rows)
        print(
          [
            String(r.claimId).padStart(6),
            r.status.padEnd(10),
            new Date(r.createdAt).toISOString().slice(0, 16).replace('T', ' ') + 'Z',
            `${r.amount.toLocaleString('en-US')} VND`.padStart(18),
            `event ${r.eventDate}`,
            `files ${r.files}`,
            `${r.insuredName} (${r.company}) <${r.login}>`,
            r.statusNote ? `note: ${r.statusNote}` : '',
          ]
            .join('  ')
            .trimEnd(),
        );
      if (rows.length === 0) print('no insurance claims');
      return 0;
    }

    const id = Number(positionals[0]);
    const status = positionals[1] ?? '';
    if (!Number.isSafeInteger(id) || id < 1 || !isClaimStatus(status)) {
      print(`usage: ${USAGE}`);
      return 2;
    }
    const note = values.note?.trim() || null;
    const changed = await ownerInTenant(db, tenant, (sql) => setClaimStatus(sql, id, status, note));
    print(changed ? `claim ${id} is now ${status}` : `no insurance claim ${id} in ${tenant}`);
    return changed ? 0 : 1;
  },
};
