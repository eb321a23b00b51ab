import { paths } from '../../../schemas/paths';
import { doctorListPage, doctorPage, homePage, hospitalListPage } from './catalogue-pages';
import { blogPostPage, infoPage, offerPage } from './content-pages';
import { staticPage, type Describe, type ListQuery } from './page-description';

/** The speciality and symptom lists: `q` filters by name, `page` pages (list-query.ts). */
const NAME_LIST: ListQuery = { keep: ['page'], text: 'q' };

/**
 * The public pages, by their path in the web app's route table (src/app/route-table.ts). A route
 * missing here is private (account pages, booking, demo tools): generic title and noindex.
 * pages.test.ts fails when a route that is neither protected nor listed in PRIVATE_ROUTES has no
 * entry, so a new public page cannot ship without its title and canonical.
 */
export const PUBLIC_PAGES: Readonly<Record<string, Describe>> = {
  [paths.home]: homePage,
  [paths.doctorList]: doctorListPage,
  '/doctor-details/:id': doctorPage,
  [paths.specialityList]: staticPage('lists.specialitiesTitle', 'pages.specialities', NAME_LIST),
  [paths.symptomList]: staticPage('lists.symptomsTitle', 'pages.symptoms', NAME_LIST),
  [paths.hospitalList]: hospitalListPage,
  [paths.servicePrices]: staticPage('prices.title', 'prices.description'),
  [paths.membership]: staticPage('membership.title', 'pages.membership'),
  [paths.faqs]: infoPage,
  [paths.terms]: infoPage,
  [paths.privacy]: infoPage,
  [paths.aboutUs]: infoPage,
  [paths.blog]: staticPage('blog.title', 'blog.description', { keep: ['category', 'page'], text: 'title' }),
  '/blog/blog-detail/:blogId': blogPostPage,
  '/blog/blog-detail-mobile/:blogId/:blogTitle?': blogPostPage,
  '/offer-detail/:id': offerPage,
  [paths.referAndEarn]: staticPage('referral.title', 'referral.description'),
  [paths.contactUs]: staticPage('contact.title', 'contact.description'),
  // The mobile apps' embed of the contact page: the web page is its canonical.
  [paths.contactUsMobile]: async (context) => ({
    ...(await staticPage('contact.title', 'contact.description')(context)),
    canonical: { path: paths.contactUs },
  }),
  [paths.joinAsDoctor]: staticPage('join.doctorTitle', 'join.doctorIntro'),
  [paths.joinAsHospital]: staticPage('join.hospitalTitle', 'join.hospitalIntro'),
};

/** Routes that are not protected yet are nobody's search result. */
export const PRIVATE_ROUTES: readonly string[] = [paths.bookAppointment, paths.devOutbox];
