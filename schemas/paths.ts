import type { FeatureKey } from './features';
import type { HeaderItem } from './tenant.schema';

/** The app's paths in one place (spec section 2); links and the route table both use them. */
export const paths = {
  home: '/',
  /** The care workspace of doctors and hospital staff (spec section 6). */
  care: '/care',
  careAppointment: (id: number | string) => `/care/appointments/${id}`,
  doctorList: '/doctor-list',
  doctorDetail: (id: number | string) => `/doctor-details/${id}`,
  specialityList: '/speciality-list',
  symptomList: '/symptoms-list',
  hospitalList: '/hospital-list',
  servicePrices: '/service-prices',
  membership: '/membership',
  /** A purchase's outcome (spec section 4: membership registration success or fail). */
  purchaseResult: (id: number | string) => `/membership/result/${id}`,
  faqs: '/info/faqs',
  terms: '/info/terms-and-service',
  privacy: '/info/privacy-policy',
  aboutUs: '/info/about-us',
  directCall: '/direct-call',
  appointments: '/me/appointments-list/',
  profileSettings: '/me/profile-settings/',
  servicePackages: '/service-packages',
  devOutbox: '/dev/outbox',
  blog: '/blog/',
  blogDetail: (id: number | string) => `/blog/blog-detail/${id}/`,
  contactUs: '/contact-us',
  contactUsMobile: '/contact-us-mobile',
  joinAsDoctor: '/join-as-doctor',
  joinAsHospital: '/join-as-hospital',
  offerDetail: (id: number | string) => `/offer-detail/${id}`,
  referAndEarn: '/refer-and-earn',
  bookAppointment: '/book-appointment',
  appointmentConfirmed: (id: number | string) => `/appointment-confirmed/${id}`,
  receipt: (id: number | string) => `/receipt/${id}`,
} as const;

/** Doctor-list URLs for a search, a speciality, a symptom or a service type. */
export function doctorListUrl(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${paths.doctorList}?${search}` : paths.doctorList;
}

/**
 * The Book Appointment page for a doctor, optionally with a service type, a day and a slot
 * already chosen (the flow's state lives in this query: it survives sign-in and reloads).
 */
export function bookAppointmentUrl(query: {
  doctorId: number;
  serviceType?: number | null;
  date?: string | null;
  slotId?: number | null;
  hospitalId?: number | null;
}): string {
  const params = new URLSearchParams({ doctorId: String(query.doctorId) });
  if (query.serviceType !== undefined && query.serviceType !== null)
    params.set('serviceType', String(query.serviceType));
  if (query.hospitalId) params.set('hospitalId', String(query.hospitalId));
  if (query.date) params.set('date', query.date);
  if (query.slotId) params.set('slotId', String(query.slotId));
  return `/book-appointment?${params.toString()}`;
}

/**
 * The page each header button (tenant navigation.header) opens: the tenant check at start refuses
 * a button whose page the route table does not have (server/tenancy/nav-routes.ts).
 */
export const HEADER_ITEM_PATHS: Record<HeaderItem, string> = {
  scheduleConsultation: paths.doctorList,
  healthPrograms: paths.doctorList,
  directCall: paths.directCall,
  memberPackage: paths.membership,
};

export interface AccountLink {
  path: string;
  labelKey: string;
  feature?: FeatureKey;
}

/**
 * The signed-in user's pages (spec section 2), shown in the account dropdown and the account menu.
 * Only pages that are built: each has its page module in the route table (a test checks).
 */
export const ACCOUNT_LINKS: AccountLink[] = [
  { path: '/me/profile-settings/', labelKey: 'account.profileSettings' },
  { path: '/me/appointments-list/', labelKey: 'account.appointments' },
  { path: '/me/health-records/', labelKey: 'account.healthRecords' },
  { path: '/me/manage-address/', labelKey: 'account.manageAddress' },
  { path: '/me/notification-list/', labelKey: 'account.notifications' },
  { path: '/me/family-member', labelKey: 'account.familyMember' },
  { path: '/me/feedback-list', labelKey: 'account.feedback' },
  { path: '/me/wallet-history', labelKey: 'account.wallet', feature: 'wallet' },
  { path: '/me/promotion-products', labelKey: 'account.promotionProducts', feature: 'promoCodes' },
  { path: '/me/insurance', labelKey: 'account.insurance', feature: 'insurance' },
  { path: '/me/fee-guarantee', labelKey: 'account.feeGuarantee', feature: 'hospitalFeeGuarantee' },
  // Remote health monitoring (spec sections 1 and 2): packages, their doctors and advice.
  { path: paths.servicePackages, labelKey: 'account.servicePackages', feature: 'iomt' },
  { path: '/me/privacy', labelKey: 'account.privacy' },
];
