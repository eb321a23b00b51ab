import { page } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav, accountLayout } from '../../account';
import { useIomtDoctorsQuery } from '../api';
import { AdviceForm } from '../components/advice-form';
import { AdviceList } from '../components/advice-list';
import { HeldPackages } from '../components/held-packages';
import { PackageDoctors } from '../components/package-doctors';
import { PackagesOnSale } from '../components/packages-on-sale';
import { iomtNs } from '../i18n/namespace';

/**
 * /service-packages (spec sections 1 and 2, feature iomt, signed in; an account page with the
 * account menu): remote health monitoring.
 * The packages on sale with "Mua gói", the packages held, "Doctor list in IOMT package" with the
 * call button, the advice request and the patient's questions with their answers.
 */
export function Component() {
  const { t, ready } = useNamespace(iomtNs);
  useDocumentTitle(ready ? t('title') : '');
  return ready ? <ServicePackagesPage /> : null;
}

function ServicePackagesPage() {
  const { t } = useNamespace(iomtNs);
  // The form offers the first page of the package's doctors to ask one of them.
  const doctors = useIomtDoctorsQuery({ pageNumber: 1 });
  const canAsk = (doctors.data?.doctors.length ?? 0) > 0;
  return (
    <div className={`${page} ${accountLayout}`}>
      <AccountNav />
      <div>
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <HeldPackages />
        <PackageDoctors />
        {canAsk && <AdviceForm doctors={doctors.data?.doctors ?? []} />}
        <AdviceList />
        <PackagesOnSale />
      </div>
    </div>
  );
}
