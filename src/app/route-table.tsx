import { ACCOUNT_LINKS, paths } from '../config/paths';
import type { Crumb, RouteEntry } from './route-entry';

const home: Crumb = { labelKey: 'breadcrumb.home', to: paths.home };
const trail = (...steps: Crumb[]) => [home, ...steps];

const contentPage = (contentId: number, titleKey: string) => () =>
  import('../features/content/routes/content-page').then(({ ContentPage }) => ({
    Component: () => <ContentPage contentId={contentId} titleKey={titleKey} />,
  }));

const accountPage = (titleKey: string) => () =>
  import('../features/account/routes/account-page').then(({ AccountPage }) => ({
    Component: () => <AccountPage titleKey={titleKey} />,
  }));

/**
 * Every page of the app in one table. The router is composed from it once per boot, keeping
 * only the entries whose feature the tenant has on (src/app/router.tsx).
 */
export const ROUTES: RouteEntry[] = [
  { path: paths.home, load: () => import('../features/home/routes/home-page') },
  {
    path: paths.doctorList,
    load: () => import('../features/doctors/routes/doctor-list-page'),
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
    load: () => import('../features/doctors/routes/doctor-detail-page'),
    crumbs: trail(
      { labelKey: 'breadcrumb.doctorList', to: paths.doctorList },
      { labelKey: 'breadcrumb.doctorDetail' },
    ),
  },
  {
    path: paths.specialityList,
    load: () => import('../features/directory/routes/speciality-list-page'),
    crumbs: trail({ labelKey: 'breadcrumb.specialityList' }),
  },
  {
    path: paths.symptomList,
    load: () => import('../features/directory/routes/symptom-list-page'),
    crumbs: trail({ labelKey: 'breadcrumb.symptomList' }),
  },
  {
    path: paths.hospitalList,
    load: () => import('../features/directory/routes/hospital-list-page'),
    crumbs: trail({ labelKey: 'breadcrumb.hospitalList' }),
  },
  {
    path: paths.membership,
    feature: 'membership',
    load: () => import('../features/membership/routes/membership-page'),
    crumbs: trail({ labelKey: 'breadcrumb.membership' }),
  },
  {
    path: paths.faqs,
    load: contentPage(3, 'breadcrumb.faqs'),
    crumbs: trail({ labelKey: 'breadcrumb.faqs' }),
  },
  {
    path: paths.terms,
    load: contentPage(2, 'breadcrumb.terms'),
    crumbs: trail({ labelKey: 'breadcrumb.terms' }),
  },
  {
    path: paths.privacy,
    load: contentPage(4, 'breadcrumb.privacy'),
    crumbs: trail({ labelKey: 'breadcrumb.privacy' }),
  },
  {
    path: paths.aboutUs,
    load: contentPage(1, 'breadcrumb.aboutUs'),
    crumbs: trail({ labelKey: 'breadcrumb.aboutUs' }),
  },
  { path: paths.devOutbox, devOnly: true, load: () => import('../features/dev-outbox/routes/outbox-page') },
  // Issue 4 (discovery): blog, contact, join forms, offers, referral.
  {
    path: paths.blog,
    feature: 'blog',
    load: () => import('../features/blog/routes/blog-list-page'),
    crumbs: trail({ labelKey: 'blog.title' }),
  },
  {
    path: '/blog/blog-detail/:blogId',
    feature: 'blog',
    load: () => import('../features/blog/routes/blog-detail-page'),
    crumbs: trail({ labelKey: 'blog.title', to: paths.blog }, { labelKey: 'blog.detail' }),
  },
  {
    path: '/blog/blog-detail-mobile/:blogId/:blogTitle?',
    feature: 'blog',
    layout: 'bare',
    load: () => import('../features/blog/routes/blog-mobile-page'),
  },
  {
    path: paths.contactUs,
    feature: 'contact',
    load: () => import('../features/contact/routes/contact-page'),
    crumbs: trail({ labelKey: 'nav.contactUs' }),
  },
  {
    path: paths.contactUsMobile,
    feature: 'contact',
    layout: 'bare',
    load: () => import('../features/contact/routes/contact-mobile-page'),
  },
  {
    path: paths.joinAsDoctor,
    feature: 'joinAsDoctor',
    load: () => import('../features/join/routes/join-doctor-page'),
    crumbs: trail({ labelKey: 'join.doctorTitle' }),
  },
  {
    path: paths.joinAsHospital,
    feature: 'joinAsHospital',
    load: () => import('../features/join/routes/join-hospital-page'),
    crumbs: trail({ labelKey: 'join.hospitalTitle' }),
  },
  {
    path: '/offer-detail/:id',
    feature: 'promoCodes',
    load: () => import('../features/offers/routes/offer-detail-page'),
    crumbs: trail({ labelKey: 'offer.title' }),
  },
  {
    path: paths.referAndEarn,
    feature: 'referral',
    load: () => import('../features/referral/routes/refer-page'),
    crumbs: trail({ labelKey: 'nav.referAndEarn' }),
  },
  // The account screens are built by later issues; until then each shows the account page.
  ...ACCOUNT_LINKS.map((link): RouteEntry => ({
    path: link.path,
    protected: true,
    ...(link.feature ? { feature: link.feature } : {}),
    load:
      link.path === paths.profileSettings
        ? () => import('../features/account/routes/profile-settings-page')
        : accountPage(link.labelKey),
    crumbs: trail({ labelKey: link.labelKey }),
  })),
  {
    path: paths.directCall,
    protected: true,
    feature: 'directCall',
    load: accountPage('account.directCall'),
    crumbs: trail({ labelKey: 'account.directCall' }),
  },
];
