import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeSection } from '../../../../schemas/tenant.schema';
import { page, visuallyHidden } from '../../../components/ui.css';
import { useTenant, useTenantName } from '../../../tenant/tenant-context';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { BannersSection } from '../sections/banners-section';
import { ConsultDoctorSection } from '../sections/consult-doctor-section';
import { HealthConcernSection } from '../sections/health-concern-section';
import { PromotionalsSection } from '../sections/promotionals-section';
import { SymptomsSection } from '../sections/symptoms-section';
import { TestimonialsSection } from '../sections/testimonials-section';
import { TopHospitalSection } from '../sections/top-hospital-section';

const SECTIONS: Record<HomeSection, ComponentType> = {
  Banners: BannersSection,
  ConsultDoctor: ConsultDoctorSection,
  HealthConcern: HealthConcernSection,
  TopHospital: TopHospitalSection,
  HomeSymptomsList: SymptomsSection,
  Promotionals: PromotionalsSection,
  Testimonials: TestimonialsSection,
};

/** The home page: the tenant's sections (home.sections) in its order. */
export function Component() {
  const { t } = useTranslation();
  const { bundle } = useTenant();
  const tenantName = useTenantName();
  usePageMeta(t('home.title'), t('pages.home'));
  return (
    <div className={page}>
      <h1 className={visuallyHidden}>{tenantName}</h1>
      {bundle.home.sections.map((key) => {
        const Section = SECTIONS[key];
        return <Section key={key} />;
      })}
    </div>
  );
}
