import { setAdminLock } from '../../modules/accounts/admin-ops';
import type { AdminCommand } from './command';

/** `npm run admin -- lock <tenant> <email|phone>`. */
export const command: AdminCommand = {
  name: 'lock',
  usage: 'lock <tenant> <email|phone>',
  description: 'Lock an account (AccountLockedByAdmin) and end its sessions',
  async run({ db, registry, args, print }) {
    const [tenant, name] = args;
    if (!tenant || !name || !registry.byCode.has(tenant)) {
      print('usage: npm run admin -- lock <tenant> <email|phone>');
      return 2;
    }
    const changed = await setAdminLock(db, tenant, name, true);
    print(changed ? `${name} on ${tenant}: locked` : `no account ${name} on ${tenant}`);
    return changed ? 0 : 1;
  },
};
