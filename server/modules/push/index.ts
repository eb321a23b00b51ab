/**
 * Web push endpoints of the signed-in user (schemas/push.ts). Sending lives in the push service
 * (server/services/push), which every feature calls.
 */
export { pushRoutes } from './routes';
