import { FEE_GUARANTEE_STATUSES, type FeeGuaranteeStatus } from '../../../schemas/fee-guarantee';
import { ownerInTenant } from '../../db/database';
import { decideFeeGuarantee, operatorFeeGuaranteeList } from '../../modules/fee-guarantee/index';
import { parseCommand, type AdminCommand } from './command';

const USAGE = [
  `fee-guarantees list <tenant> [${FEE_GUARANTEE_STATUSES.join('|')}]`,
  'fee-guarantees approve <tenant> <id> --amount <vnd> [--note "..."]',
  'fee-guarantees reject <tenant> <id> --reason "..."',
].join('\n       ');

const vnd = (n: number | null) => (n === null ? '-' : `${n} VND`);

/**
 * `npm run admin -- fee-guarantees list|approve|reject <tenant> ...`: the operator's decision on
 * hospital fee guarantee requests. Approving sets the guaranteed amount (the patient then signs
 * the confirmation on screen); rejecting records the reason. Either way the patient gets an
 * in-app notification. Only waiting requests can be decided.
 */
export const command: AdminCommand = {
  name: 'fee-guarantees',
  usage: USAGE,
  description: 'List hospital fee guarantee requests, approve one with an amount or reject one with a reason',
  async run({ db, registry, args, print }) {
    const parsed = parseCommand(args, {
      usage: USAGE,
      actions: ['list', 'approve', 'reject'],
      options: { amount: { type: 'string' }, note: { type: 'string' }, reason: { type: 'string' } },
      registry,
      print,
    });
    if (!parsed) return 2;
    const { action, tenant, config, values, positionals } = parsed;

    if (action === 'list') {
      const status = (positionals[0] ?? null) as FeeGuaranteeStatus | null;
      if (status !== null && !FEE_GUARANTEE_STATUSES.includes(status)) {
        print(`usage: ${USAGE}`);
        return 2;
      }
      const rows = await ownerInTenant(db, tenant, (sql) => operatorFeeGuaranteeList(sql, status));
      for (const r of rows) {
        print(
          [
            String(r.id).padStart(6),
            r.status.padEnd(9),
            r.createdAt.slice(0, 16).replace('T', ' ') + 'Z',
            `${r.patientName} <${r.account}>`,
            `@ ${r.hospitalName}`,
            r.appointmentNumber ? `appt ${r.appointmentNumber}` : 'menu',
            r.insurance,
            `est ${vnd(r.estimatedAmount)}`,
            `approved ${vnd(r.approvedAmount)}`,
            r.decisionNote ? `note: ${r.decisionNote}` : '',
          ]
            .filter(Boolean)
            .join('  '),
        );
      }
      if (rows.length === 0) print('no fee guarantee requests');
      return 0;
    }

    const id = Number(positionals[0]);
    if (!Number.isSafeInteger(id) || id < 1) {
      print(`usage: ${USAGE}`);
      return 2;
    }
    const by = 'operator';
    let decision;
    if (action === 'approve') {
      const amount = Number(values.amount);
      if (!values.amount || !/^\d+$/.test(values.amount) || !Number.isSafeInteger(amount)) {
        print('approve needs --amount <vnd> (a whole number of dong)');
        return 2;
      }
      decision = { kind: 'approve' as const, amount, note: values.note?.trim() || null, by };
    } else {
      const reason = values.reason?.trim();
      if (!reason) {
        print('reject needs --reason "..."');
        return 2;
      }
      decision = { kind: 'reject' as const, reason: reason.slice(0, 2000), by };
    }
    const row = await ownerInTenant(db, tenant, (sql) => decideFeeGuarantee(sql, config, id, decision));
    if (!row) {
      print(`no waiting fee guarantee request ${id} in ${tenant}`);
      return 1;
    }
    print(
      action === 'approve'
        ? `fee guarantee ${id} approved: ${vnd(Number(row.approved_amount))}; the patient can now sign`
        : `fee guarantee ${id} rejected`,
    );
    return 0;
  },
};
