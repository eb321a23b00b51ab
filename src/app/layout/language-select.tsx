import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import { visuallyHidden } from '../../components/ui.css';
import { chooseLanguage } from '../../lib/i18n/language';
import { useTenant } from '../../tenant/tenant-context';
import * as css from './header.css';

/** The language selector: only the tenant's offered languages; a change stores it and reloads. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const { bundle, language } = useTenant();
  if (bundle.languages.offered.length < 2) return null;
  return (
    <div>
      <label htmlFor={id} className={visuallyHidden}>
        {t('header.language')}
      </label>
      <select
        id={id}
        className={css.languageSelect}
        value={language}
        onChange={(event) => chooseLanguage(event.target.value as LanguageCode)}
      >
        {bundle.languages.offered.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
