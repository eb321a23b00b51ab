import type { BookingRules } from '../../tenant/use-booking-rules';

/**
 * The Book Appointment flow's state, kept in the URL query so that it survives the sign-in
 * dialog, a reload and the back button:
 * doctorId, serviceType (0 hospital, 1 video, 2 home), hospitalId, addressId, date (YYYY-MM-DD,
 * hospital's zone), slotId, patientId, symptoms (comma-separated ids), notSure (1: "Không rõ"),
 * promo, wallet (1), pkg (a held membership package whose free appointment pays), gift (a product
 * of the wallet of products that pays), pay (payment method 0-3), followUpOf (the completed appointment a follow-up
 * continues). The symptom typed in the patient's own words stays out of the URL (health data
 * would land in the history and logs), like the note.
 */
export interface BookingParams {
  doctorId: number | null;
  serviceType: number | null;
  hospitalId: number | null;
  addressId: number | null;
  date: string | null;
  slotId: number | null;
  patientId: number | null;
  symptoms: number[];
  /** "Không rõ" / "Not sure": no symptom named (schemas/symptom-choice.ts). */
  notSure: boolean;
  promo: string | null;
  wallet: boolean;
  /** The membership package (userPackageId) whose free appointment pays for this booking. */
  pkg: number | null;
  /** The product of the wallet of products (userProductId) that pays for this booking. */
  gift: number | null;
  pay: number | null;
  /** The completed appointment this one follows up (from its "Book follow-up" button). */
  followUpOf: number | null;
}

export type BookingKey = keyof BookingParams;

const positive = (value: string | null): number | null =>
  value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;
const oneOf = (value: string | null, max: number): number | null =>
  value !== null && /^\d$/.test(value) && Number(value) <= max ? Number(value) : null;

export function readBookingParams(search: URLSearchParams): BookingParams {
  const date = search.get('date');
  const promo = search.get('promo')?.trim().slice(0, 40);
  return {
    doctorId: positive(search.get('doctorId')),
    serviceType: oneOf(search.get('serviceType'), 2),
    hospitalId: positive(search.get('hospitalId')),
    addressId: positive(search.get('addressId')),
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    slotId: positive(search.get('slotId')),
    patientId: positive(search.get('patientId')),
    symptoms: [
      ...new Set(
        (search.get('symptoms') ?? '')
          .split(',')
          .map(positive)
          .filter((id): id is number => id !== null),
      ),
    ].slice(0, 20),
    notSure: search.get('notSure') === '1',
    promo: promo || null,
    wallet: search.get('wallet') === '1',
    pkg: positive(search.get('pkg')),
    gift: positive(search.get('gift')),
    pay: oneOf(search.get('pay'), 3),
    followUpOf: positive(search.get('followUpOf')),
  };
}

/** The query of a flow state (empty values left out), in a stable order. */
export function bookingSearch(params: BookingParams): URLSearchParams {
  const search = new URLSearchParams();
  const set = (key: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  };
  set('doctorId', params.doctorId);
  set('serviceType', params.serviceType);
  set('hospitalId', params.hospitalId);
  set('addressId', params.addressId);
  set('date', params.date);
  set('slotId', params.slotId);
  set('patientId', params.patientId);
  set('symptoms', params.symptoms.join(','));
  if (params.notSure) search.set('notSure', '1');
  set('promo', params.promo);
  if (params.wallet) search.set('wallet', '1');
  set('pkg', params.pkg);
  set('gift', params.gift);
  set('pay', params.pay);
  set('followUpOf', params.followUpOf);
  return search;
}

/** What changing one choice makes stale further down the flow. */
const DEPENDENTS: Partial<Record<BookingKey, BookingKey[]>> = {
  serviceType: ['hospitalId', 'addressId', 'promo', 'wallet', 'pkg', 'gift', 'pay'],
  hospitalId: [],
  promo: ['wallet'],
  pkg: ['promo', 'wallet', 'gift', 'pay'],
  gift: ['promo', 'wallet', 'pkg', 'pay'],
};

/** The state after a change, with what depends on the changed choices cleared. */
export function withChanges(params: BookingParams, changes: Partial<BookingParams>): BookingParams {
  const next: BookingParams = { ...params, ...changes };
  const cleared: Partial<Record<BookingKey, unknown>> = {};
  for (const key of Object.keys(changes) as BookingKey[]) {
    if (params[key] === next[key]) continue;
    for (const dependent of DEPENDENTS[key] ?? []) if (!(dependent in changes)) cleared[dependent] = true;
  }
  for (const key of Object.keys(cleared) as BookingKey[]) {
    if (key === 'wallet') next.wallet = false;
    else if (key === 'symptoms') next.symptoms = [];
    else (next as unknown as Record<string, unknown>)[key] = null;
  }
  return next;
}

/** Steps of the flow in order; the place step depends on the service type (none for video). */
export type StepId =
  'service' | 'hospital' | 'address' | 'slot' | 'patient' | 'symptoms' | 'price' | 'payment' | 'confirm';

export function stepsFor(serviceType: number | null): StepId[] {
  const place: StepId[] = serviceType === 0 ? ['hospital'] : serviceType === 2 ? ['address'] : [];
  return ['service', ...place, 'slot', 'patient', 'symptoms', 'price', 'payment', 'confirm'];
}

/**
 * The payment methods to offer: the tenant's list, medical fee coverage only with the hospital
 * fee guarantee feature, "free" only (and alone) when nothing is left to pay, "online" only
 * when there is something to pay.
 */
export function offeredPaymentMethods(
  rules: Pick<BookingRules, 'paymentMethods'>,
  features: { hospitalFeeGuarantee: boolean },
  finalPrice: number,
): number[] {
  const enabled = [...rules.paymentMethods]
    .sort((a, b) => a - b)
    .filter((method) => method !== 3 || features.hospitalFeeGuarantee);
  if (finalPrice <= 0) {
    const free = enabled.filter((method) => method === 2);
    return free.length ? free : enabled.filter((method) => method !== 1);
  }
  return enabled.filter((method) => method !== 2);
}
