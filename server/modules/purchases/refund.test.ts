import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAtSandbox } from '../../../tests/helpers/sandbox-bank';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { command as purchasesCommand } from '../../admin/commands/purchases';
import { asOwner } from '../appointments/care-fixtures';
import { buyerHelpers } from './purchase-test-support';

/**
 * Refunding a paid purchase (`npm run admin -- purchases list|refund`) on the real app and
 * database: the bank part through the provider's signed refund, the wallet part to the wallet,
 * what it gave ends, once, and only in its own tenant.
 */
let t: TestApp;
let basic: number;
const { api, newUser, membership, topUp, balance, packagesOf } = buyerHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp();
  basic = await membership('songkhoe', 'Gói Cơ bản', 300_000, 5, 1);
});
afterAll(() => t?.close());

describe('npm run admin -- purchases refund', () => {
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await purchasesCommand.run({
      db: t.db,
      registry: t.registry,
      env: t.env,
      args,
      print: (l) => lines.push(l),
    });
    return { code, out: lines.join('\n') };
  };

  it('gives the bank part back through the provider and the wallet part to the wallet, ends the package, once', async () => {
    const user = await newUser();
    await topUp(user, 100_000);
    const started = await api(user).post('Payments/CallDiriectCheckoutRequest', {
      packageId: basic,
      paymentMethod: 1,
      useWallet: true,
    });
    const { purchaseId, paymentUrl } = started.json.data;
    await payAtSandbox(t, 'songkhoe', paymentUrl, 'approve');
    expect((await packagesOf(user))[0]).toMatchObject({ status: 'active', callsLeft: 6 });

    const listed = await run('list', 'songkhoe', '--user', user.email);
    expect(listed.out).toContain(`${purchaseId}\t${user.userId}\tmembership\t${basic}\tpaid`);
    expect((await run('refund', 'songkhoe', String(purchaseId))).code).toBe(2);
    // Another tenant's operator does not find it.
    expect((await run('refund', 'saomai', String(purchaseId), '--reason', 'x')).code).toBe(1);

    const refunded = await run('refund', 'songkhoe', String(purchaseId), '--reason', 'Bệnh nhân đổi ý');
    expect(refunded, refunded.out).toMatchObject({ code: 0 });
    expect(refunded.out).toContain('bank=200000 wallet=100000');
    expect((await api(user).get(`Payments/GetPurchase/${purchaseId}`)).json.data.status).toBe('refunded');
    expect(await balance(user)).toBe(100_000);
    expect((await packagesOf(user))[0]!.status).not.toBe('active');
    const payment = await asOwner(t.db, 'songkhoe', (sql) =>
      sql.query<{ status: number; refunded_amount: number }>(
        'SELECT status, refunded_amount FROM payments WHERE purchase_id = $1',
        [purchaseId],
      ),
    );
    expect(payment.rows).toEqual([{ status: 5, refunded_amount: 200_000 }]);
    const again = await run('refund', 'songkhoe', String(purchaseId), '--reason', 'again');
    expect([again.code, again.out]).toEqual([1, `purchase ${purchaseId} is refunded, not paid`]);
  });
});
