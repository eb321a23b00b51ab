/**
 * The closed set of product capabilities a tenant can switch on or off (spec section 1).
 * One key gates the client route, its navigation links and the server routes alike.
 */
export const FEATURE_KEYS = [
  'hospitalVisit',
  'video',
  'homeVisit',
  'directCall',
  'healthPrograms',
  'membership',
  'iomt',
  'wallet',
  'promoCodes',
  'referral',
  'insurance',
  'hospitalFeeGuarantee',
  'blog',
  'contact',
  'joinAsDoctor',
  'joinAsHospital',
  'ePharmacy',
  'labTests',
  'emrWallet',
] as const;

export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** What each key switches, shown in the tenant schema's descriptions and the README. */
export const FEATURE_DESCRIPTIONS: Record<FeatureKey, string> = {
  hospitalVisit: 'Booking of hospital visits (service type 0).',
  video: 'Video consultations (service type 1) and the video call screen.',
  homeVisit: 'Home visits (service type 2).',
  directCall: 'Direct calls to a doctor (/direct-call, CallDiriect).',
  healthPrograms: 'Health programs (doctor list with servicetype=4, the header programs menu).',
  membership: 'Member packages with a number of direct calls (/membership).',
  iomt: 'Remote health monitoring packages (/service-packages, Iomt/*).',
  wallet: 'Wallet balance and history (/me/wallet-history).',
  promoCodes: 'Vouchers and promo codes (/offer-detail).',
  referral: 'Refer and earn (/refer-and-earn, invitedby links).',
  insurance: 'Insurance information and claims.',
  hospitalFeeGuarantee: 'Hospital fee guarantee requests.',
  blog: 'Blog listing and detail pages.',
  contact: 'The contact-us dialog and pages.',
  joinAsDoctor: 'Join-as-doctor request form.',
  joinAsHospital: 'Join-as-hospital request form.',
  ePharmacy: 'Shows the ePharmacy label (no behaviour yet).',
  labTests: 'Shows the lab tests label (no behaviour yet).',
  emrWallet: 'Shows the EMR wallet label (no behaviour yet).',
};

/**
 * Capabilities that only make sense with another one on: a direct call is made on a membership
 * package's calls (spec section 8, user_not_join) and held on the video call screen. The registry
 * refuses a tenant that has one on without what it needs. (Referral works without the wallet: the
 * invitations are recorded and /refer-and-earn says that no wallet reward is paid.)
 */
export const FEATURE_NEEDS: Partial<Record<FeatureKey, readonly FeatureKey[]>> = {
  directCall: ['membership', 'video'],
};
