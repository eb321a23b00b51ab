import { lazy, Suspense } from 'react';
import { i18n } from '../../../lib/i18n/i18n';
import { loadNamespace } from '../../../lib/i18n/namespace';
import { permissionsNs } from '../i18n/namespace';
import type { PermissionHelpProps } from './permission-help-dialog';

// The dialog, bowser and the messages load together on the first refusal only: most people
// never see this dialog, so the pages that offer it (pre-call check, Appointment Confirmed)
// do not carry it.
const Dialog = lazy(async () => {
  const [module] = await Promise.all([
    import('./permission-help-dialog'),
    loadNamespace(permissionsNs, i18n.language),
  ]);
  return { default: module.PermissionHelpDialog };
});

/** The permission help dialog (see PermissionHelpDialog), loaded when it first opens. */
export function PermissionHelp(props: PermissionHelpProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
