import { reconcileWallets } from '../../modules/wallet/index';
import { parseCommand, type AdminCommand } from './command';

const USAGE = 'wallet reconcile <tenant>';

const vnd = (n: number) => `${n.toLocaleString('en-US')} VND`;

/**
 * `npm run admin -- wallet reconcile <tenant>`: proves the tenant's wallet ledger (migration 029):
 * every balance equals the sum of its entries and none is negative. Prints what it checked and
 * each mismatch; exits 1 on any mismatch. Reads as the app role under the tenant's RLS, so it
 * sees exactly that tenant's wallets.
 */
export const command: AdminCommand = {
  name: 'wallet',
  usage: USAGE,
  description:
    'Reconcile the wallet ledger of a tenant: every balance equals the sum of its entries, none negative',
  async run({ db, registry, args, print }) {
    const parsed = parseCommand(args, { usage: USAGE, actions: ['reconcile'], options: {}, registry, print });
    if (!parsed || parsed.positionals.length > 0) {
      if (parsed) print(`usage: ${USAGE}`);
      return 2;
    }
    const r = await db.tenant(parsed.tenant, (sql) => reconcileWallets(sql));
    print(
      `wallet reconcile ${parsed.tenant}: ${r.wallets} wallets, ${r.entries} entries, balances total ${vnd(r.total)}`,
    );
    for (const m of r.mismatches) {
      print(`  MISMATCH user ${m.userId}: balance ${vnd(m.balance)}, sum of entries ${vnd(m.entriesSum)}`);
    }
    if (r.mismatches.length > 0) {
      print(`FAILED: ${r.mismatches.length} of ${r.wallets} wallets do not add up`);
      return 1;
    }
    print('OK: every balance equals the sum of its entries and none is negative');
    return 0;
  },
};
