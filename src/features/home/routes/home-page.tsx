import type { ComponentType } from 'react';
import type { Prefetch } from '../../../app/route-entry';
import { useTranslation } from 'react-i18next';
import type { HomeSection } from '../../../../schemas/tenant.schema';
import { page, visuallyHidden } from '../../../components/ui.css';
import { useTenant, useTenantName } from '../../../tenant/tenant-context';
import { usePageMeta } from '../../../tenant/use-page-meta';
import type { SectionPrefetch } from '../sections/section-prefetch';
import * as bannersSection from '../sections/banners-section';
import * as consultDoctorSection from '../sections/consult-doctor-section';
import * as healthConcernSection from '../sections/health-concern-section';
import * as promotionalsSection from '../sections/promotionals-section';
import * as symptomsSection from '../sections/symptoms-section';
import * as testimonialsSection from '../sections/testimonials-section';
import * as topHospitalSection from '../sections/top-hospital-section';

interface Section {
  Component: ComponentType;
  prefetch: SectionPrefetch;
}

const SECTIONS: Record<HomeSection, Section> = {
  Banners: { Component: bannersSection.BannersSection, prefetch: bannersSection.prefetch },
  ConsultDoctor: {
    Component: consultDoctorSection.ConsultDoctorSection,
    prefetch: consultDoctorSection.prefetch,
  },
  HealthConcern: {
    Component: healthConcernSection.HealthConcernSection,
    prefetch: healthConcernSection.prefetch,
  },
  TopHospital: { Component: topHospitalSection.TopHospitalSection, prefetch: topHospitalSection.prefetch },
  HomeSymptomsList: { Component: symptomsSection.SymptomsSection, prefetch: symptomsSection.prefetch },
  Promotionals: {
    Component: promotionalsSection.PromotionalsSection,
    prefetch: promotionalsSection.prefetch,
  },
  Testimonials: {
    Component: testimonialsSection.TestimonialsSection,
    prefetch: testimonialsSection.prefetch,
  },
};

/** The data of the tenant's sections, requested before the page renders. */
export const prefetch: Prefetch = (dispatch, { bundle }) => {
  for (const key of bundle.home.sections) SECTIONS[key].prefetch(dispatch);
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
        const { Component: Section } = SECTIONS[key];
        return <Section key={key} />;
      })}
    </div>
  );
}
