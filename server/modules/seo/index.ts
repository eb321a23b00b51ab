/** Search engines and link previews: the public API of the SEO module. */
export { pageHead, type PageHead, type PageHeadInput } from './page-head';
export { seoRoutes, type SeoRoutesOptions } from './routes';
