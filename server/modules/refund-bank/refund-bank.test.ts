import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { createPatientUser, type TestUser } from '../appointments/care-fixtures';
import { caller } from '../accounts/test-support';
import { refundBankSection } from './index';

/**
 * Refund bank info (spec sections 3, 5): saved and read by its owner only, all three fields
 * required with their keys, and only on a portal that refunds to the bank (saomai has no wallet).
 */
let t: TestApp;
let bankUser: TestUser;
let otherUser: TestUser;
let walletUser: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  bankUser = await createPatientUser(t.app, t.db, 'saomai', 'bank@refund.test');
  otherUser = await createPatientUser(t.app, t.db, 'saomai', 'other@refund.test');
  walletUser = await createPatientUser(t.app, t.db, 'songhong', 'wallet@refund.test');
});
afterAll(() => t?.close());

const account = { bankName: ' Vietcombank ', accountName: 'NGUYEN VAN AN', accountNumber: '0123456789' };

describe('refund bank info', () => {
  it('is saved and read by its owner on a portal refunding to the bank; others see their own', async () => {
    const api = caller(t.app, 'saomai', 'en');
    const empty = await api.get('Users/GetRefundBankInfo', { token: bankUser.token });
    expect(empty.json.data).toEqual({ refundsTo: 'bank', bank: null });
    const saved = await api.post('Users/UpdateRefundBankInfo', account, { token: bankUser.token });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const bank = { ...account, bankName: 'Vietcombank' };
    expect(saved.json.data).toEqual({ refundsTo: 'bank', bank });
    expect((await api.get('Users/GetRefundBankInfo', { token: bankUser.token })).json.data.bank).toEqual(
      bank,
    );
    expect((await api.get('Users/GetRefundBankInfo', { token: otherUser.token })).json.data.bank).toBeNull();
    // Another tenant's session is refused by the portal.
    expect((await api.get('Users/GetRefundBankInfo', { token: walletUser.token })).status).toBe(401);
    expect((await api.get('Users/GetRefundBankInfo')).status).toBe(401);
    const exported = await t.db.tenant('saomai', (sql) => refundBankSection.export(sql, bankUser.userId));
    expect(exported.data).toEqual(bank);
  });

  it('requires the bank, the account name and a 6-20 digit account number, each with its key', async () => {
    const api = caller(t.app, 'saomai', 'vi');
    const missing = await api.post(
      'Users/UpdateRefundBankInfo',
      { bankName: ' ', accountName: '', accountNumber: '12ab' },
      { token: bankUser.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual(
      expect.arrayContaining(['bank_required', 'account_name_required', 'account_number_required']),
    );
    expect(missing.json.message).toBeTruthy();
  });

  it('has nothing to save on a portal refunding to the wallet', async () => {
    const api = caller(t.app, 'songhong', 'en');
    expect((await api.get('Users/GetRefundBankInfo', { token: walletUser.token })).json.data).toEqual({
      refundsTo: 'wallet',
      bank: null,
    });
    const refused = await api.post('Users/UpdateRefundBankInfo', account, { token: walletUser.token });
    expect(refused.status).toBe(409);
    expect(refused.json.codeMessageRespond).toBe('refund_to_wallet');
  });
});
