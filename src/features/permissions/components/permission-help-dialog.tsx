import { useMemo } from 'react';
import { Dialog } from '../../../components/dialog';
import { button } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { BROWSER_FAMILIES, browserOf, type BrowserFamily } from '../browser-family';
import { permissionsNs } from '../i18n/namespace';
import * as css from '../permissions.css';

/** The permissions a refusal of which has a help dialog (spec section 2 dialogs). */
export type HelpPermission = 'camera' | 'notifications';

export interface PermissionHelpProps {
  open: boolean;
  /** 'camera' covers camera and microphone together, as the pre-call check asks for both. */
  permission: HelpPermission;
  onClose(): void;
  /** Asks again from the dialog (the pre-call check); without it the dialog only closes. */
  onRetry?(): void;
}

/**
 * The permission help dialog (spec section 4: a help dialog with instructions when a permission
 * is denied): the steps of the person's own browser first (bowser, by engine and system), the
 * other browsers' folded below in case the guess is wrong, then the operating-system check.
 */
export function PermissionHelpDialog({ open, permission, onClose, onRetry }: PermissionHelpProps) {
  const { t } = useNamespace(permissionsNs);
  const browser = useMemo(() => browserOf(typeof navigator === 'undefined' ? '' : navigator.userAgent), []);
  const steps = (family: Exclude<BrowserFamily, 'other'>) => t(`help.${permission}.steps.${family}`);
  const labelled = (family: Exclude<BrowserFamily, 'other'>) => (
    <li key={family}>
      <strong>{t(`help.families.${family}`)}</strong>: {steps(family)}
    </li>
  );
  const own = browser.family === 'other' ? null : browser.family;
  return (
    <Dialog open={open} title={t(`help.${permission}.title`)} onClose={onClose}>
      <div className={css.help}>
        <p className={css.text}>{t(`help.${permission}.intro`)}</p>
        {own ? (
          <>
            <h3 className={css.stepsTitle}>
              {t('help.yourBrowser', { browser: browser.name ?? t(`help.families.${own}`) })}
            </h3>
            <p className={css.text}>{steps(own)}</p>
            <details className={css.others}>
              <summary className={css.summary}>{t('help.otherBrowsers')}</summary>
              <ul className={css.list}>{BROWSER_FAMILIES.filter((f) => f !== own).map(labelled)}</ul>
            </details>
          </>
        ) : (
          <ul className={css.list}>{BROWSER_FAMILIES.map(labelled)}</ul>
        )}
        <p className={css.text}>{t(`help.${permission}.system`)}</p>
        <div className={css.actions}>
          {onRetry && (
            <button type="button" className={button.primary} onClick={onRetry}>
              {t('help.retry')}
            </button>
          )}
          <button type="button" className={onRetry ? button.secondary : button.primary} onClick={onClose}>
            {t('help.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
