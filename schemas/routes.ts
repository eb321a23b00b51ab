import type { BootBundle } from './boot';
import type { FeatureKey } from './features';
import { ACCOUNT_LINKS, paths } from './paths';

/** One breadcrumb step; the last one is the current page and has no link. */
export interface Crumb {
  labelKey: string;
  to?: string;
}

/** One page of the app, with the conditions under which it exists. */
export interface RouteEntry {
  path: string;
  /**
   * The page module, from the project root without extension (`src/features/<f>/routes/<name>`):
   * its code loads only when the route is visited (src/app/page-loader.tsx).
   */
  page: string;
  /** Props the page component is rendered with (one module serving several routes). */
  props?: Readonly<Record<string, unknown>>;
  /** The page exists only when this tenant feature is on. */
  feature?: FeatureKey;
  /** Only for a stored user with userId and token; others are sent to /. */
  protected?: boolean;
  /** 'bare': no header or footer (pages embedded in the mobile apps). */
  layout?: 'main' | 'bare';
  /**
   * The server renders this page's HTML with its data (src/app/entry-server.tsx): public pages
   * that search engines and link previews read. Others get the loading shell and render in the
   * browser.
   */
  serverRendered?: boolean;
  /** Only outside production (demo tools). */
  devOnly?: boolean;
  /** The breadcrumb trail shown above the page, if the page has one. */
  crumbs?: Crumb[];
  /** A trail that depends on the query string (e.g. a health program's doctor list). */
  crumbsFor?: (search: URLSearchParams) => Crumb[] | undefined;
}

/** The entries this tenant gets: a feature that is off has no route, so it falls to the 404 page. */
export function availableRoutes(
  entries: readonly RouteEntry[],
  bundle: Pick<BootBundle, 'features' | 'environment'>,
): RouteEntry[] {
  return entries.filter(
    (entry) =>
      (!entry.feature || bundle.features[entry.feature]) &&
      (!entry.devOnly || bundle.environment !== 'production'),
  );
}

/** The page of every path no route matches. */
export const NOT_FOUND_PAGE = 'src/app/routes/not-found-page';

const home: Crumb = { labelKey: 'breadcrumb.home', to: paths.home };
const trail = (...steps: Crumb[]) => [home, ...steps];

const contentPage = (contentId: number, titleKey: string) => ({
  page: 'src/features/content/routes/content-page',
  serverRendered: true,
  props: { contentId, titleKey },
});

/**
 * The page of every account link (ACCOUNT_LINKS): a link is offered only once its screen is built,
 * so there is no placeholder page (route-table.test.ts checks that each link has its page).
 */
export const ACCOUNT_PAGES: Record<string, string> = {
  [paths.profileSettings]: 'src/features/account/routes/profile-settings-page',
  [paths.appointments]: 'src/features/appointments/routes/appointments-page',
  '/me/feedback-list': 'src/features/appointments/routes/feedback-list-page',
  '/me/family-member': 'src/features/family/routes/family-member-page',
  '/me/manage-address/': 'src/features/addresses/routes/manage-address-page',
  '/me/notification-list/': 'src/features/notifications/routes/notification-list-page',
  '/me/wallet-history': 'src/features/wallet/routes/wallet-history-page',
  '/me/promotion-products': 'src/features/promotions/routes/promotion-products-page',
  '/me/insurance': 'src/features/insurance/routes/insurance-page',
  '/me/fee-guarantee': 'src/features/fee-guarantee/routes/fee-guarantee-list-page',
  '/me/health-records/': 'src/features/health-records/routes/health-records-page',
  '/me/privacy': 'src/features/personal-data/routes/privacy-page',
  [paths.servicePackages]: 'src/features/iomt/routes/service-packages-page',
};

/**
 * Every page of the app in one table, plain data (no JSX, no imports of page code): the router
 * is composed from it once per boot, keeping only the entries whose feature the tenant has on
 * (compose-routes.tsx), and the server reads it too, to have the browser preload the chunk of
 * the page a request opens (server/modules/web/page-preloads.ts).
 */
export const ROUTES: RouteEntry[] = [
  { path: paths.home, page: 'src/features/home/routes/home-page', serverRendered: true },
  {
    path: paths.doctorList,
    page: 'src/features/doctors/routes/doctor-list-page',
    serverRendered: true,
    crumbs: trail({ labelKey: 'breadcrumb.doctorList' }),
    // A health program's list (servicetype=4&healthProgramId=) shows only the hospital list tab.
    crumbsFor: (search) =>
      search.get('servicetype') === '4' && search.get('healthProgramId')
        ? trail(
            { labelKey: 'breadcrumb.hospitalList', to: paths.hospitalList },
            { labelKey: 'filters.programTitle' },
          )
        : undefined,
  },
  {
    path: '/doctor-details/:id',
    page: 'src/features/doctors/routes/doctor-detail-page',
    serverRendered: true,
    crumbs: trail(
      { labelKey: 'breadcrumb.doctorList', to: paths.doctorList },
      { labelKey: 'breadcrumb.doctorDetail' },
    ),
  },
  {
    path: paths.specialityList,
    page: 'src/features/directory/routes/speciality-list-page',
    serverRendered: true,
    crumbs: trail({ labelKey: 'breadcrumb.specialityList' }),
  },
  {
    path: paths.symptomList,
    page: 'src/features/directory/routes/symptom-list-page',
    serverRendered: true,
    crumbs: trail({ labelKey: 'breadcrumb.symptomList' }),
  },
  {
    path: paths.hospitalList,
    page: 'src/features/directory/routes/hospital-list-page',
    serverRendered: true,
    crumbs: trail({ labelKey: 'breadcrumb.hospitalList' }),
  },
  {
    path: paths.servicePrices,
    page: 'src/features/directory/routes/price-list-page',
    serverRendered: true,
    crumbs: trail({ labelKey: 'breadcrumb.servicePrices' }),
  },
  {
    path: paths.membership,
    feature: 'membership',
    page: 'src/features/membership/routes/membership-page',
    serverRendered: true,
    crumbs: trail({ labelKey: 'breadcrumb.membership' }),
  },
  {
    // A purchase's outcome: membership, IoMT packages and health programs alike (it lives with the
    // member packages: a tenant without them sells none of the others through this page).
    path: '/membership/result/:purchaseId',
    feature: 'membership',
    protected: true,
    page: 'src/features/membership/routes/purchase-result-page',
    crumbs: trail(
      { labelKey: 'breadcrumb.membership', to: paths.membership },
      { labelKey: 'breadcrumb.purchaseResult' },
    ),
  },
  {
    path: paths.faqs,
    ...contentPage(3, 'breadcrumb.faqs'),
    crumbs: trail({ labelKey: 'breadcrumb.faqs' }),
  },
  {
    path: paths.terms,
    ...contentPage(2, 'breadcrumb.terms'),
    crumbs: trail({ labelKey: 'breadcrumb.terms' }),
  },
  {
    path: paths.privacy,
    ...contentPage(4, 'breadcrumb.privacy'),
    crumbs: trail({ labelKey: 'breadcrumb.privacy' }),
  },
  {
    path: paths.aboutUs,
    ...contentPage(1, 'breadcrumb.aboutUs'),
    crumbs: trail({ labelKey: 'breadcrumb.aboutUs' }),
  },
  { path: paths.devOutbox, devOnly: true, page: 'src/features/dev-outbox/routes/outbox-page' },
  // Discovery: blog, contact, join forms, offers, referral.
  {
    path: paths.blog,
    feature: 'blog',
    page: 'src/features/blog/routes/blog-list-page',
    serverRendered: true,
    crumbs: trail({ labelKey: 'blog.title' }),
  },
  {
    path: '/blog/blog-detail/:blogId',
    feature: 'blog',
    page: 'src/features/blog/routes/blog-detail-page',
    serverRendered: true,
    crumbs: trail({ labelKey: 'blog.title', to: paths.blog }, { labelKey: 'blog.detail' }),
  },
  {
    path: '/blog/blog-detail-mobile/:blogId/:blogTitle?',
    feature: 'blog',
    layout: 'bare',
    page: 'src/features/blog/routes/blog-mobile-page',
    serverRendered: true,
  },
  {
    path: paths.contactUs,
    feature: 'contact',
    page: 'src/features/contact/routes/contact-page',
    crumbs: trail({ labelKey: 'nav.contactUs' }),
  },
  {
    path: paths.contactUsMobile,
    feature: 'contact',
    layout: 'bare',
    page: 'src/features/contact/routes/contact-mobile-page',
  },
  {
    path: paths.joinAsDoctor,
    feature: 'joinAsDoctor',
    page: 'src/features/join/routes/join-doctor-page',
    crumbs: trail({ labelKey: 'join.doctorTitle' }),
  },
  {
    path: paths.joinAsHospital,
    feature: 'joinAsHospital',
    page: 'src/features/join/routes/join-hospital-page',
    crumbs: trail({ labelKey: 'join.hospitalTitle' }),
  },
  {
    path: '/offer-detail/:id',
    feature: 'promoCodes',
    page: 'src/features/offers/routes/offer-detail-page',
    serverRendered: true,
    crumbs: trail({ labelKey: 'offer.title' }),
  },
  {
    path: paths.referAndEarn,
    feature: 'referral',
    page: 'src/features/referral/routes/refer-page',
    serverRendered: true,
    crumbs: trail({ labelKey: 'nav.referAndEarn' }),
  },
  // Booking: anonymous visitors get the sign-in dialog on the page itself, so the
  // flow (kept in the query) resumes after signing in.
  {
    path: paths.bookAppointment,
    page: 'src/features/booking/routes/book-appointment-page',
    crumbs: trail({ labelKey: 'breadcrumb.doctorList', to: paths.doctorList }, { labelKey: 'booking.title' }),
  },
  {
    path: '/appointment-confirmed/:id',
    protected: true,
    page: 'src/features/booking/routes/appointment-confirmed-page',
    crumbs: trail({ labelKey: 'booking.confirmedTitle' }),
  },
  {
    path: '/receipt/:id',
    protected: true,
    page: 'src/features/booking/routes/receipt-page',
    crumbs: trail({ labelKey: 'booking.confirmedTitle' }, { labelKey: 'booking.receiptTitle' }),
  },
  ...ACCOUNT_LINKS.map((link): RouteEntry => ({
    path: link.path,
    protected: true,
    ...(link.feature ? { feature: link.feature } : {}),
    page: ACCOUNT_PAGES[link.path]!,
    crumbs: trail({ labelKey: link.labelKey }),
  })),
  // Hospital fee guarantee: request, waiting/result, signature and its outcome.
  ...(
    [
      ['/me/fee-guarantee/new', 'new-request-page'],
      ['/me/fee-guarantee/:id', 'request-page'],
      ['/me/fee-guarantee/:id/sign', 'sign-page'],
      ['/me/fee-guarantee/:id/outcome', 'outcome-page'],
    ] as const
  ).map(([path, name]): RouteEntry => ({
    path,
    protected: true,
    feature: 'hospitalFeeGuarantee',
    page: `src/features/fee-guarantee/routes/${name}`,
    crumbs: trail({ labelKey: 'account.feeGuarantee', to: '/me/fee-guarantee' }),
  })),
  {
    path: '/me/appointments-list/:id',
    protected: true,
    page: 'src/features/appointments/routes/appointment-detail-page',
    crumbs: trail(
      { labelKey: 'account.appointments', to: paths.appointments },
      { labelKey: 'breadcrumb.appointmentDetail' },
    ),
  },
  // The care workspace of doctors and hospital staff (spec section 6); its pages check the role
  // (CareGate) and the API answers 403 care_forbidden to anyone else.
  {
    path: paths.care,
    protected: true,
    page: 'src/features/care/routes/care-page',
  },
  {
    path: '/care/appointments/:id',
    protected: true,
    page: 'src/features/care/routes/care-appointment-page',
    crumbs: [{ labelKey: 'header.workspace', to: paths.care }, { labelKey: 'breadcrumb.appointmentDetail' }],
  },
  {
    // The consultation of a video appointment, for its patient and its doctor (spec: video call).
    path: '/video-call/:id',
    protected: true,
    feature: 'video',
    page: 'src/features/video-call/routes/video-call-page',
    crumbs: trail({ labelKey: 'appointments.videoCall' }),
  },
  {
    // "Gọi bác sĩ" (spec: /direct-call requires login): the package's calls and the call button.
    path: paths.directCall,
    protected: true,
    feature: 'directCall',
    page: 'src/features/direct-call/routes/direct-call-page',
    crumbs: trail({ labelKey: 'header.directCall' }),
  },
];
