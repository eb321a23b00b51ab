/** Blog posts for the server-rendered pages (server/modules/seo) and tests that write one. */
export { findBlog, insertBlog } from './blog-repository';
