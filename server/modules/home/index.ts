/**
 * The home module's public face: a content page for the server-rendered pages (server/modules/seo)
 * and the tagged home material that start-up checks against the tenant's features.
 */
export { findContent, taggedContent } from './home-repository';
