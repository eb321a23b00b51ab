import { loadEnv } from '../../config/env';
import { DELETE_GRACE_DAYS, purgeDeletedAccounts } from '../../modules/accounts/index';
import { erasePersonalData, type ErasedAccount } from '../../modules/personal-data/erase';
import type { PersonalDataSection } from '../../modules/personal-data/section';
import { personalDataSections } from '../../modules/personal-data/sections';
import { createStorage, type Storage } from '../../services/storage/index';
import type { AdminCommand } from './command';

type Context = Parameters<AdminCommand['run']>[0] & {
  storage: Storage;
  sections?: PersonalDataSection[];
  now?: Date;
};

/** "records: healthRecords 3, uploads 1, ..." without the zeros. */
const summary = (records: Record<string, number>) =>
  Object.entries(records)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ') || 'none';

/**
 * Purges the accounts deleted more than DELETE_GRACE_DAYS ago, tenant by tenant: the account's
 * own fields (accounts module) and, in the same transaction, every feature's personal data
 * (personal-data erasePersonalData: sections, private uploads, consents, access log, family
 * members, addresses). After the commit, the files go from storage; one that cannot be deleted is
 * reported (and the command exits 1) so the operator can retry: the rows naming it are gone, the
 * key is printed. Prints per tenant and account what was erased.
 */
export async function runPurge({ db, registry, print, storage, sections, now }: Context): Promise<number> {
  let failures = 0;
  for (const code of registry.byCode.keys()) {
    const erased: ErasedAccount[] = [];
    const count = await purgeDeletedAccounts(db, code, now ?? new Date(), async (sql, ids) => {
      for (const userId of ids)
        erased.push(await erasePersonalData(sql, userId, sections ?? personalDataSections()));
    });
    print(`${code.padEnd(12)} ${count} account(s) erased`);
    for (const account of erased) {
      let deleted = 0;
      for (const key of account.fileKeys) {
        try {
          await storage.delete(code, key);
          deleted += 1;
        } catch (error) {
          failures += 1;
          print(
            `${code.padEnd(12)}   account ${account.userId}: could not delete file ${key}: ${String(error)}`,
          );
        }
      }
      print(
        `${code.padEnd(12)}   account ${account.userId}: records: ${summary(account.records)}; files deleted ${deleted}`,
      );
    }
  }
  return failures ? 1 : 0;
}

/** `npm run admin -- purge-deleted-accounts`: run daily (cron) in production. */
export const command: AdminCommand = {
  name: 'purge-deleted-accounts',
  usage: 'purge-deleted-accounts',
  description: `Erase personal data (and health files) of accounts deleted more than ${DELETE_GRACE_DAYS} days ago`,
  run: (context) => runPurge({ ...context, storage: createStorage(loadEnv()) }),
};
