import { resetPasswordByOperator } from '../../modules/accounts/admin-ops';
import type { AdminCommand } from './command';

/** `npm run admin -- reset-password <tenant> <email|phone>`: a temporary password, changed at next sign-in. */
export const command: AdminCommand = {
  name: 'reset-password',
  usage: 'reset-password <tenant> <email|phone>',
  description: 'Give an account a temporary password that must be changed at the next sign-in',
  async run({ db, registry, args, print }) {
    const [tenant, name] = args;
    if (!tenant || !name || !registry.byCode.has(tenant)) {
      print('usage: npm run admin -- reset-password <tenant> <email|phone>');
      return 2;
    }
    const temporary = await resetPasswordByOperator(db, tenant, name);
    if (!temporary) {
      print(`no account ${name} on ${tenant}`);
      return 1;
    }
    print(`${name} on ${tenant}: temporary password ${temporary} (must be changed at the next sign-in)`);
    return 0;
  },
};
