/**
 * The uploads module's public face for other code: the signed file URLs' routes, which the storage
 * contract proofs mount on their own. The registrar mounts ./routes.
 */
export { signedUrlRoutes } from './signed-routes';
