import { loadEnv } from '../../config/env';
import { ownerInTenant } from '../../db/database';
import { userIdByLogin } from '../../modules/accounts/index';
import { listPurchases, refundPurchase } from '../../modules/purchases/index';
import { createPaymentService } from '../../services/payments/index';
import { parseCommand, type AdminCommand } from './command';

const USAGE =
  'purchases list <tenant> [--user <email|phone>]  |  purchases refund <tenant> <purchaseId> --reason "..."';

/**
 * `npm run admin -- purchases list|refund <tenant> ...`: the hospital's side of purchases (member
 * and IoMT packages, health programs). `list` shows the newest, with state and how they were paid;
 * `refund` gives a paid purchase back: the bank part through the payment provider, the wallet
 * part to the wallet, a product to the wallet of products, and ends what it gave (ARCHITECTURE.md
 * "Purchases").
 */
export const command: AdminCommand = {
  name: 'purchases',
  usage: USAGE,
  description: 'List purchases of packages and programs, or refund one',
  async run({ db, registry, args, print, env }) {
    const parsed = parseCommand(args, {
      usage: USAGE,
      actions: ['list', 'refund'],
      options: { user: { type: 'string' }, reason: { type: 'string' } },
      registry,
      print,
    });
    if (!parsed) return 2;
    const { tenant, config, values, positionals } = parsed;
    if (parsed.action === 'list') {
      const login = values.user;
      const rows = await ownerInTenant(db, tenant, async (sql) => {
        const userId = login ? await userIdByLogin(sql, login) : null;
        return login && userId === null ? null : listPurchases(sql, userId);
      });
      if (rows === null) {
        print(`no active account ${login} on ${tenant}`);
        return 1;
      }
      for (const r of rows)
        print(
          [
            r.purchase_id,
            r.user_id,
            r.package_type,
            r.package_id,
            r.status,
            r.amount,
            r.wallet_amount,
            r.name,
          ].join('\t'),
        );
      return 0;
    }
    const purchaseId = Number(positionals[0]);
    if (!Number.isSafeInteger(purchaseId) || purchaseId < 1 || !values.reason?.trim()) {
      print(`usage: ${USAGE}`);
      return 2;
    }
    const payments = createPaymentService({ env: env ?? loadEnv(), registry });
    const outcome = await ownerInTenant(db, tenant, (sql) =>
      refundPurchase(sql, config, payments, {
        purchaseId,
        reason: values.reason!.trim(),
        by: 'operator',
        now: new Date(),
      }),
    );
    if (!outcome.ok) {
      print(outcome.problem);
      return 1;
    }
    print(
      `refunded purchaseId=${purchaseId} bank=${outcome.bank} wallet=${outcome.wallet} product=${outcome.product}`,
    );
    return 0;
  },
};
