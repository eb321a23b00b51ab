import { DELETE_GRACE_DAYS, purgeDeletedAccounts } from '../../modules/accounts/admin-ops';
import type { AdminCommand } from './command';

/** `npm run admin -- purge-deleted-accounts`: run daily (cron) in production. */
export const command: AdminCommand = {
  name: 'purge-deleted-accounts',
  usage: 'purge-deleted-accounts',
  description: `Erase personal data of accounts deleted more than ${DELETE_GRACE_DAYS} days ago`,
  async run({ db, registry, print }) {
    for (const code of registry.byCode.keys()) {
      print(`${code.padEnd(12)} ${await purgeDeletedAccounts(db, code)} account(s) erased`);
    }
    return 0;
  },
};
