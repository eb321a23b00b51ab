import type { TenantConfig } from '../../../schemas/tenant.schema';

const HOUR_MS = 3_600_000;

export interface ChangeState {
  status: number;
  startsAt: Date;
  rescheduleCount: number;
}

/** Why a patient may not cancel now (a message key), or null when they may. */
export function cancelRefusal(tenant: TenantConfig, a: ChangeState, now: Date): string | null {
  if (![0, 1, 4].includes(a.status)) return 'cancel_not_allowed';
  if (a.startsAt.getTime() - now.getTime() < tenant.booking.cancel.minHoursBefore * HOUR_MS) {
    return 'cancel_too_late';
  }
  return null;
}

/** Why a patient may not reschedule now (a message key), or null when they may. */
export function rescheduleRefusal(tenant: TenantConfig, a: ChangeState, now: Date): string | null {
  if (![0, 4].includes(a.status)) return 'reschedule_not_allowed';
  if (a.rescheduleCount >= tenant.booking.reschedule.maxPerAppointment) return 'reschedule_limit_reached';
  if (a.startsAt.getTime() - now.getTime() < tenant.booking.reschedule.minHoursBefore * HOUR_MS) {
    return 'reschedule_too_late';
  }
  return null;
}

/** The canCancel / canReschedule flags of an appointment for the patient. */
export function allowedChanges(tenant: TenantConfig, a: ChangeState, now: Date) {
  return {
    canCancel: cancelRefusal(tenant, a, now) === null,
    canReschedule: rescheduleRefusal(tenant, a, now) === null,
  };
}
