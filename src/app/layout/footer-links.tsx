import { useTranslation } from 'react-i18next';
import type { NavLink as ConfigLink } from '../../../schemas/tenant.schema';
import { SmartLink } from '../../components/smart-link';
import { useTenant } from '../../tenant/tenant-context';
import * as css from './footer.css';

/** The label of a configured link: its translation key, else its literal label. */
function useLinkLabel() {
  const { t } = useTranslation();
  const { language } = useTenant();
  return (link: ConfigLink) => (link.labelKey ? t(link.labelKey) : (link.label?.[language] ?? link.href));
}

/** A column of configured links; a link whose feature is off is left out. */
export function FooterLinks({ title, links }: { title: string; links: ConfigLink[] }) {
  const { bundle } = useTenant();
  const labelOf = useLinkLabel();
  const shown = links.filter((link) => {
    const feature = link.feature;
    return !feature || bundle.features[feature];
  });
  if (shown.length === 0) return null;
  return (
    <nav aria-label={title}>
      <h2 className={css.heading}>{title}</h2>
      <ul className={css.list}>
        {shown.map((link) => (
          <li key={link.href}>
            <SmartLink className={css.listLink} href={link.href}>
              {labelOf(link)}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
