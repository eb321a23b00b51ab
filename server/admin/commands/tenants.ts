import type { AdminCommand } from './command';

/** `npm run admin -- tenants`: the configured tenants and whether their demo data is seeded. */
export const command: AdminCommand = {
  name: 'tenants',
  usage: 'tenants',
  description: 'List the configured tenants, their URLs and seed state',
  async run({ db, registry, print }) {
    const { rows } = await db.owner((sql) =>
      sql.query<{ code: string; seeded_at: Date | null }>(
        'SELECT code, seeded_at FROM tenants ORDER BY code',
      ),
    );
    const seeded = new Map(rows.map((r) => [r.code, r.seeded_at]));
    for (const tenant of registry.byCode.values()) {
      const code = tenant.config.code;
      const state = seeded.has(code) ? (seeded.get(code) ? 'seeded' : 'empty') : 'not in database yet';
      print(`${code.padEnd(12)} ${tenant.config.name.vi.padEnd(32)} ${state}`);
    }
    return 0;
  },
};
