import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { createBooker, createBookingApp, post, rows, type Booker } from '../appointments/booking-fixtures';
import { setBookingNow } from '../appointments/index';
import { createPromotionProduct, mintCodes } from './promotion-fixtures';

/**
 * A product code is single use, proved against the database: on PostgreSQL (the server-postgres
 * project, DATABASE_URL set) the twenty activations run in parallel transactions on the pool and
 * queue on the code's row lock; on PGlite they queue in the one connection.
 */
let t: TestApp;
let product: number;
let users: Booker[];
beforeAll(async () => {
  t = await createBookingApp();
  product = await createPromotionProduct(t, 'songhong', { kind: 'consultation' });
  users = [];
  for (let i = 0; i < 20; i++) users.push(await createBooker(t, 'songhong'));
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

describe('concurrent activations of one product code', () => {
  it('20 concurrent activations give exactly one product; the others are product_code_used', async () => {
    for (let round = 0; round < 3; round++) {
      const [code] = await mintCodes(t, 'songhong', product);
      const replies = await Promise.all(
        users.map((u) => post(t, u, 'PromoCodes/ActivePromotionProductCode', { code })),
      );
      const won = replies.filter((r) => r.status === 200);
      expect(won).toHaveLength(1);
      const lost = replies.filter((r) => r.status !== 200);
      expect(lost.map((r) => `${r.status} ${r.json.codeMessageRespond}`)).toEqual(
        Array(19).fill('409 product_code_used'),
      );
      const held = await rows<{ n: number; users: number }>(
        t,
        'songhong',
        `SELECT count(*)::int AS n, count(DISTINCT up.user_id)::int AS users
           FROM user_products up JOIN product_codes c ON c.product_code_id = up.product_code_id WHERE c.code = $1`,
        [code],
      );
      expect(held).toEqual([{ n: 1, users: 1 }]);
    }
  });
});
