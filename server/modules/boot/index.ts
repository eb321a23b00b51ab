/** The boot module's public face: tenant asset URLs for the server-rendered pages (server/modules/seo). */
export { assetUrl } from './service';
