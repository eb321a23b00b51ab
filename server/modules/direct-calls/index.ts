/**
 * Direct calls (spec sections 1, 7 and 8): a patient with a membership or IoMT package calls the
 * package's online doctors, the first to accept takes the call, and both meet on the video call
 * screen of the appointment the accept opens. Packages a user holds live here too (granted by the
 * demo seed and the operator command; bought through payments later). Nothing else in this folder
 * may be imported from outside it.
 */
export { directCallsRoutes, type DirectCallsOptions } from './routes';
export { grantPackage, type GrantInput } from './grant';
export { settleUnanswered } from './calls-repository';
export { grantByOperator, type OperatorGrant, type OperatorGrantResult } from './operator';
