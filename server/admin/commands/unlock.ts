import { setAdminLock } from '../../modules/accounts/admin-ops';
import type { AdminCommand } from './command';

/** `npm run admin -- unlock <tenant> <email|phone>`. */
export const command: AdminCommand = {
  name: 'unlock',
  usage: 'unlock <tenant> <email|phone>',
  description: 'Unlock an account (admin lock or AccountLocked)',
  async run({ db, registry, args, print }) {
    const [tenant, name] = args;
    if (!tenant || !name || !registry.byCode.has(tenant)) {
      print('usage: npm run admin -- unlock <tenant> <email|phone>');
      return 2;
    }
    const changed = await setAdminLock(db, tenant, name, false);
    print(changed ? `${name} on ${tenant}: unlocked` : `no account ${name} on ${tenant}`);
    return changed ? 0 : 1;
  },
};
