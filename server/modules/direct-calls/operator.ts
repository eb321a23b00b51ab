import type { PackageKind } from '../../../schemas/direct-calls';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import { ownerInTenant, type Database } from '../../db/database';
import { grantPackage } from './grant';

export interface OperatorGrant {
  login: string;
  kind: PackageKind;
  /** The package to grant; default: the tenant's cheapest one of that kind. */
  programId?: number;
  calls?: number;
  now: Date;
}

export type OperatorGrantResult =
  | {
      userPackageId: number;
      programId: number;
      calls: number | null;
      expiresAt: Date;
      doctorLogins: string[];
    }
  | { problem: string };

/**
 * `npm run admin -- packages grant`: gives a patient account a package (a goodwill gesture, a
 * package paid outside the app, a demo), and names a few of the package's doctors who can sign in
 * to the workspace to answer (the newest: `demo video-now` picks from the oldest, so trying both at
 * once, or running both end-to-end tests side by side, signs in different doctors). Runs as the owner with the tenant set; every statement also names
 * the tenant, since a superuser owner is not filtered by row-level security.
 */
export async function grantByOperator(
  db: Database,
  tenant: TenantConfig,
  input: OperatorGrant,
): Promise<OperatorGrantResult> {
  const name = input.login.trim().toLowerCase();
  const digits = name.includes('@') ? '' : name.replace(/\D/g, '').replace(/^(84|0)/, '');
  const table = input.kind === 'membership' ? 'membership_packages' : 'iomt_packages';
  const idColumn = input.kind === 'membership' ? 'membership_package_id' : 'iomt_package_id';
  const links = input.kind === 'membership' ? 'membership_package_doctors' : 'iomt_package_doctors';
  return ownerInTenant(db, tenant.code, async (sql) => {
    const { rows: users } = await sql.query<{ user_id: number }>(
      `SELECT user_id FROM users WHERE tenant_id = current_tenant() AND status = 'active' AND role = 'patient'
          AND (lower(email) = $1 OR ($2 <> '' AND mobile_number = $2))`,
      [name, digits],
    );
    if (!users[0]) return { problem: `no active patient account ${input.login} on ${tenant.code}` };
    const { rows: packages } = await sql.query<{ id: number }>(
      `SELECT ${idColumn} AS id FROM ${table} WHERE tenant_id = current_tenant() AND ($1::int IS NULL OR ${idColumn} = $1)
        ORDER BY price, ${idColumn} LIMIT 1`,
      [input.programId ?? null],
    );
    if (!packages[0])
      return {
        problem: `no ${input.kind} package ${input.programId ?? ''} on ${tenant.code}`.replace('  ', ' '),
      };
    const granted = await grantPackage(sql, tenant, {
      userId: users[0].user_id,
      kind: input.kind,
      programId: packages[0].id,
      now: input.now,
      source: 'grant',
      grantedBy: 'operator',
      calls: input.calls,
    });
    if (!granted)
      return { problem: `${input.kind} package ${packages[0].id} is not on sale on ${tenant.code}` };
    const { rows: doctors } = await sql.query<{ email: string }>(
      `SELECT u.email FROM ${links} x JOIN users u ON u.doctor_id = x.doctor_id AND u.status = 'active'
        WHERE x.tenant_id = current_tenant() AND x.${idColumn} = $1 ORDER BY x.doctor_id DESC LIMIT 3`,
      [packages[0].id],
    );
    return {
      userPackageId: granted.userPackageId,
      programId: packages[0].id,
      calls: granted.calls,
      expiresAt: granted.expiresAt,
      doctorLogins: doctors.map((d) => d.email),
    };
  });
}
