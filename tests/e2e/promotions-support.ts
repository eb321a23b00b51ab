import { expect, type APIRequestContext } from '@playwright/test';
import type { ReferralSummary, UserProduct } from '../../schemas/promotions';
import { createAccount, type Tenant } from './accounts-support';
import { admin } from './admin';
import { authHeaders } from './booking-support';
import { portal } from './portal';

/**
 * API helpers of promotions for e2e specs (booking with a product, the invite-book-complete-reward
 * walk): mint product codes with the operator command, activate one as a user, read a user's
 * referral summary, register someone through a referral code.
 */

/** The id of the tenant's first promotion product of a kind (the demo seed makes them). */
export function promotionProductId(
  tenant: Tenant,
  kind: 'consultation' | 'membership' = 'consultation',
): number {
  const listed = admin('promotions', 'products', tenant);
  expect(listed.code, listed.output).toBe(0);
  const line = listed.output.split('\n').find((l) => l.split('\t')[1]?.startsWith(kind));
  expect(line, listed.output).toBeTruthy();
  return Number(line!.split('\t')[0]);
}

/** `count` fresh single-use codes of a product (`npm run admin -- promotions codes`). */
export function mintProductCodes(tenant: Tenant, productId: number, count = 1): string[] {
  const minted = admin('promotions', 'codes', tenant, String(productId), String(count));
  expect(minted.code, minted.output).toBe(0);
  return minted.output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^KM-[A-Z0-9]{10}$/.test(l));
}

/** Activates a code as a signed-in user (signedIn/apiUser's answer); returns the product. */
export async function activateProductCode(
  request: APIRequestContext,
  tenant: Tenant,
  user: Record<string, unknown>,
  code: string,
): Promise<UserProduct> {
  const reply = await request.post(portal('songkhoe', '/api/v1/PromoCodes/ActivePromotionProductCode'), {
    headers: authHeaders(tenant, user),
    data: { code },
  });
  const json = await reply.json();
  expect(json.isSuccess, json.codeMessageRespond).toBe(true);
  return json.data as UserProduct;
}

/** The user's referral code, link, invited count and rewards. */
export async function referralSummary(
  request: APIRequestContext,
  tenant: Tenant,
  user: Record<string, unknown>,
): Promise<ReferralSummary> {
  const reply = await request.get(portal('songkhoe', '/api/v1/ManageReferrals/GetCurrentManageReferral'), {
    headers: authHeaders(tenant, user),
  });
  const json = await reply.json();
  expect(json.isSuccess, json.codeMessageRespond).toBe(true);
  return json.data as ReferralSummary;
}

/** Registers and activates `name` invited with `referralCode` from `deviceId`; returns the user id. */
export async function registerInvited(
  request: APIRequestContext,
  tenant: Tenant,
  name: string,
  referralCode: string,
  deviceId: string,
): Promise<number> {
  return createAccount(request, tenant, name, deviceId, { referralId: referralCode });
}
