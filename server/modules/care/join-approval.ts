import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import type { Delivery } from '../../services/delivery/index';
import { createCareAccount, sendCareInvitation, type CareAccountOutcome } from '../accounts/index';
import { decideJoinRequest, type DecidedJoinRequest } from '../join/index';

export interface JoinDecision {
  request: DecidedJoinRequest;
  /** The care account of an approved request (null when rejected). */
  account: CareAccountOutcome | null;
}

/**
 * Decides a waiting join request (spec section 1: doctors and hospitals join through a request an
 * admin approves). Approval also creates the doctor's or hospital's care account and sends the
 * sign-in invitation, in the same owner transaction (tenant set; the account and the message
 * exist exactly when the approval does). Null when there is no waiting request with that id.
 */
export async function decideJoin(
  sql: Sql,
  input: { tenant: TenantConfig; delivery: Delivery; id: number; approve: boolean; now: Date },
): Promise<JoinDecision | null> {
  const request = await decideJoinRequest(sql, input.id, input.approve ? 1 : 2);
  if (!request || !input.approve) return request ? { request, account: null } : null;
  const target =
    request.kind === 'doctor'
      ? { role: 'doctor' as const, doctorId: request.doctorId! }
      : { role: 'hospital' as const, hospitalId: request.hospitalId! };
  const account = await createCareAccount(sql, {
    target,
    email: request.email,
    fullName: request.name,
    now: input.now,
  });
  if (account.outcome !== 'taken') {
    const lang = input.tenant.languages.default;
    await sendCareInvitation(sql, input.delivery, {
      email: request.email,
      lang,
      brand: input.tenant.name[lang] || input.tenant.name.vi,
      portalUrl: input.tenant.companyInfo.linkUserWeb,
    });
  }
  return { request, account };
}
