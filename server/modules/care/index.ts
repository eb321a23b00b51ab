/**
 * The care module (spec section 6, roles Doctor and Hospital): the workspace API of doctors and
 * hospital staff, their care transactions (acting role set for row-level security), join
 * approval with the care account, and presence for direct calls. Nothing else in this folder may
 * be imported from outside it.
 */
export { careTransaction, loadCareActor, type CareActor, type CareRole } from './care-transaction';
export { decideJoin, type JoinDecision } from './join-approval';
export { careRoutes, type CareRoutesOptions } from './routes';
export { onlineDoctorIds, readPresence } from './presence';
