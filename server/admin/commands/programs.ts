import { ownerInTenant } from '../../db/database';
import { userIdByLogin } from '../../modules/accounts/index';
import { enrolInProgram } from '../../modules/purchases/index';
import { parseCommand, type AdminCommand } from './command';

const USAGE = 'programs enrol <tenant> --user <email|phone> --program <healthProgramId>';

/**
 * `npm run admin -- programs enrol <tenant> --user <email|phone> --program <id>`: the hospital
 * enrols a patient in one of its health programs without payment (spec section 2: the header's
 * programs menu lists it at the patient's next sign-in).
 */
export const command: AdminCommand = {
  name: 'programs',
  usage: USAGE,
  description: 'Enrol a patient in a health program',
  async run({ db, registry, args, print }) {
    const parsed = parseCommand(args, {
      usage: USAGE,
      actions: ['enrol'],
      options: { user: { type: 'string' }, program: { type: 'string' } },
      registry,
      print,
    });
    if (!parsed) return 2;
    const { tenant, config, values } = parsed;
    const programId = Number(values.program);
    if (!values.user || !Number.isInteger(programId) || programId < 1 || programId >= 2 ** 31) {
      print(`usage: ${USAGE}`);
      return 2;
    }
    if (!config.features.healthPrograms) {
      print(`${tenant} does not offer health programs (features.healthPrograms)`);
      return 1;
    }
    const login = values.user;
    const outcome = await ownerInTenant(db, tenant, async (sql) => {
      const userId = await userIdByLogin(sql, login);
      if (userId === null) return `no active account ${login} on ${tenant}`;
      const enrolled = await enrolInProgram(sql, { userId, programId, by: 'operator', now: new Date() });
      if (enrolled === null) return `no health program ${programId} on ${tenant}`;
      return enrolled
        ? `enrolled userId=${userId} programId=${programId}`
        : `already enrolled userId=${userId}`;
    });
    print(outcome);
    return outcome.startsWith('no ') ? 1 : 0;
  },
};
