/**
 * Browser permissions asked when needed, with the reason (spec section 4): the permission help
 * dialog (per-browser steps) that the video call's pre-call check opens on a refusal.
 */
export { PermissionHelp } from './components/permission-help';
export type { HelpPermission } from './components/permission-help-dialog';
