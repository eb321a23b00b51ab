import type { TestApp } from '../../../tests/helpers/test-app';
import { caller } from '../accounts/test-support';
import { asOwner, createPatientUser, type TestUser } from '../appointments/care-fixtures';

/**
 * Test support of purchases (the checkout and refund tests): buyers signed in over HTTP, member
 * packages of a tenant, wallet top-ups, and what a buyer holds. `app` is read at each call, so the
 * helpers can be made before the test app exists.
 */
export function buyerHelpers(app: () => TestApp) {
  let n = 0;
  const api = (user: TestUser, tenant = 'songkhoe') => ({
    post: (path: string, body: unknown) => caller(app().app, tenant).post(path, body, { token: user.token }),
    get: (path: string) => caller(app().app, tenant).get(path, { token: user.token }),
  });
  const newUser = (tenant = 'songkhoe') =>
    createPatientUser(app().app, app().db, tenant, `buyer${++n}-${Date.now()}@example.com`);

  /** A member package of the tenant: 3 months, 15-minute calls, one free call. */
  const membership = (tenant: string, name: string, price: number, calls: number, freeAppointments: number) =>
    asOwner(app().db, tenant, async (sql) => {
      const { rows } = await sql.query<{ id: number }>(
        `INSERT INTO membership_packages (name_vi, name_en, number_of_calls, validity_months, call_duration_minutes,
           free_calls, free_appointments, price)
         VALUES ($1, $1, $2, 3, 15, 1, $3, $4) RETURNING membership_package_id AS id`,
        [name, calls, freeAppointments, price],
      );
      return rows[0]!.id;
    });

  const topUp = (user: TestUser, amount: number, tenant = 'songkhoe') =>
    asOwner(app().db, tenant, (sql) =>
      sql.query(
        `INSERT INTO wallet_transactions (user_id, amount, kind, description) VALUES ($1, $2, 'topup', 'test')`,
        [user.userId, amount],
      ),
    );
  const balance = async (user: TestUser) =>
    (await api(user).get('WalletBalances/GetAllWalletBalances')).json.data.balance as number;
  const packagesOf = async (user: TestUser) =>
    (await api(user).get('WalletHistories/GetAllCallDiriectOfUser')).json.data.packages as {
      userPackageId: number;
      programId: number;
      callsLeft: number | null;
      expiresAt: string;
      status: string;
    }[];
  return { api, newUser, membership, topUp, balance, packagesOf };
}
