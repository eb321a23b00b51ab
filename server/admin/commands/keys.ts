import { parseArgs } from 'node:util';
import { resealAccountSecrets } from '../../modules/accounts/reseal';
import {
  addKeys,
  changeMasterSecret,
  fixedKeyring,
  KEY_PURPOSES,
  KEYRING_CHANNEL,
  LEGACY_KID,
  readKeySet,
  RETIRABLE_PURPOSES,
  retireOldKeys,
} from '../../services/keyring/index';
import type { AdminCommand } from './command';

const USAGE = 'keys <list | rotate [--re-encrypt] [--keep <n>] | change-secret --old-secret-env <NAME>>';

/**
 * `npm run admin -- keys rotate`: a new current key for each purpose (access tokens, code
 * hashes, sealed secrets, signed file URLs, captcha challenges); earlier keys stay in the ring
 * for verifying and decrypting, so no one is signed out and every TOTP secret and PIN still opens.
 * `--re-encrypt` rewrites every tenant's sealed TOTP secrets and PINs under the new key.
 * `--keep <n>` (implies --re-encrypt) then retires all but the n newest keys of every purpose but
 * code hashes, key 0 included; code-hash keys are never retired, since recovery codes cannot be
 * rehashed. `keys change-secret --old-secret-env OLD` moves the ring to a new JWT_SECRET (run with
 * the new one as JWT_SECRET and the old one in OLD), keeping the old secret's key 0 readable
 * (deploy/README.md "Rotating keys"). Running servers read the ring again at once (NOTIFY after
 * the commit). `keys list` shows the ring without key material.
 */
export const command: AdminCommand = {
  name: 'keys',
  usage: USAGE,
  description: 'Rotate the signing and encryption keys, or list the keyring',
  async run({ db, registry, args, env, print }) {
    const [action, ...rest] = args;
    let values;
    try {
      ({ values } = parseArgs({
        args: rest,
        options: {
          're-encrypt': { type: 'boolean' },
          keep: { type: 'string' },
          'old-secret-env': { type: 'string' },
        },
      }));
    } catch (error) {
      print((error as Error).message);
    }
    const keep = values?.keep === undefined ? null : Number(values.keep);
    if (
      !env ||
      !values ||
      !['list', 'rotate', 'change-secret'].includes(action ?? '') ||
      (keep !== null && !(Number.isInteger(keep) && keep >= 1)) ||
      (action === 'change-secret') !== (values['old-secret-env'] !== undefined)
    ) {
      print(`usage: npm run admin -- ${USAGE}`);
      return 2;
    }
    if (action === 'list') {
      const { rows } = await db.owner((sql) =>
        sql.query<{ kid: string; purpose: string; created_at: Date; retired_at: Date | null }>(
          `SELECT kid, purpose, created_at, retired_at FROM keyring ORDER BY purpose, created_at DESC`,
        ),
      );
      for (const r of rows) {
        const state = r.retired_at ? `retired ${new Date(r.retired_at).toISOString()}` : 'readable';
        const made =
          r.kid === LEGACY_KID
            ? 'kept from an earlier JWT_SECRET'
            : `created ${new Date(r.created_at).toISOString()}`;
        print(`${r.purpose} ${r.kid} ${made} ${state}`);
      }
      for (const purpose of KEY_PURPOSES) {
        if (!rows.some((r) => r.purpose === purpose && r.kid === LEGACY_KID)) {
          print(`${purpose} 0 derived from JWT_SECRET readable`);
        }
      }
      return 0;
    }
    if (action === 'change-secret') {
      const name = values['old-secret-env']!;
      const oldSecret = process.env[name];
      if (!oldSecret) {
        print(`${name} is not set: put the old JWT_SECRET in it`);
        return 2;
      }
      try {
        const result = await db.owner(async (sql) => {
          const changed = await changeMasterSecret(sql, oldSecret, env.jwtSecret);
          await sql.query('SELECT pg_notify($1, $2)', [KEYRING_CHANNEL, 'secret changed']);
          return changed;
        });
        print(
          `${result.resealed} keys sealed under the new secret; key 0 of the old secret kept for ${result.kept} purposes`,
        );
        return 0;
      } catch (error) {
        print((error as Error).message);
        return 1;
      }
    }
    const now = new Date();
    const added = await db.owner(async (sql) => {
      const kids = await addKeys(sql, env.jwtSecret, now);
      await sql.query('SELECT pg_notify($1, $2)', [KEYRING_CHANNEL, 'rotated']);
      return kids;
    });
    for (const purpose of KEY_PURPOSES) print(`${purpose}: new current key ${added[purpose]}`);
    if (values['re-encrypt'] || keep !== null) {
      const keys = fixedKeyring(await readKeySet(db, env.jwtSecret));
      let unreadable = 0;
      for (const tenant of registry.byCode.keys()) {
        const result = await resealAccountSecrets(db, tenant, keys);
        unreadable += result.unreadable;
        print(`${tenant}: ${result.resealed} sealed secrets re-encrypted, ${result.unreadable} unreadable`);
      }
      if (keep !== null) {
        if (unreadable > 0) {
          print('some sealed secrets could not be read: no key retired');
          return 1;
        }
        const retired = await db.owner(async (sql) => {
          const n = await retireOldKeys(sql, env.jwtSecret, keep, RETIRABLE_PURPOSES, now);
          await sql.query('SELECT pg_notify($1, $2)', [KEYRING_CHANNEL, 'retired']);
          return n;
        });
        print(`retired ${retired} older keys (kept the ${keep} newest of each purpose but code hashes)`);
      }
    }
    return 0;
  },
};
