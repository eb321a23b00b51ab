import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { RemoteImage } from '../../../components/remote-image';
import { card, muted, page } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import { useTenant } from '../../../tenant/tenant-context';
import { usePageMeta } from '../../../tenant/use-page-meta';
import type { Prefetch } from '../../../app/route-entry';
import { doctorsApi, useDoctorHospitalsQuery, useDoctorQuery } from '../api';
import { BookButtons } from '../components/book-buttons';
import { DoctorRating, NextSlot, doctorName } from '../components/doctor-facts';
import { PriceRow, ProgramsSection, PromoSection } from '../components/offers-section';
import { ReviewsSection } from '../components/reviews-section';
import { ScheduleSection } from '../components/schedule-section';
import * as detail from '../detail.css';
import * as css from '../doctors.css';
import { offeredServiceTypes } from '../service-types';

const idOf = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) && value !== '0' ? Number(value) : null;

/** The doctor's profile, requested before the page renders. */
export const prefetch: Prefetch = (dispatch, { params }) => {
  const id = idOf(params.id);
  if (id !== null) void dispatch(doctorsApi.util.prefetch('doctor', id, {}));
};

/**
 * Doctor Detail: profile, biography, specialities, hospitals, languages, experience, prices per
 * service type, free slots, reviews, promo codes, health programs and a book button per service.
 */
export function Component() {
  const { t } = useTranslation();
  const { bundle } = useTenant();
  const id = idOf(useParams().id);
  const { data: doctor, isLoading, error, refetch } = useDoctorQuery(id ?? 0, { skip: id === null });
  const hospitals = useDoctorHospitalsQuery(id ?? 0, { skip: id === null || !doctor });
  const notFound = id === null || (!!error && 'status' in error && error.status === 404);
  const name = doctor ? doctorName(doctor) : null;
  usePageMeta(
    notFound ? t('doctor.notFound') : (name ?? t('doctor.detailTitle')),
    name ? t('doctorPage.description', { name }) : t('doctorPage.genericDescription'),
  );

  if (notFound) {
    return (
      <div className={page}>
        <h1>{t('doctor.notFound')}</h1>
        <Link to={paths.doctorList}>{t('doctor.backToList')}</Link>
      </div>
    );
  }
  const priced = doctor
    ? offeredServiceTypes(bundle.features).filter((type) =>
        doctor.prices.some((p) => p.serviceTypeId === type),
      )
    : [];
  const workplaces = hospitals.data?.length ? hospitals.data : (doctor?.hospitals ?? []);
  return (
    <div className={page}>
      <QueryState isLoading={isLoading} isError={!!error} isEmpty={!doctor} onRetry={refetch} skeletons={2}>
        {doctor && name && (
          <>
            <section className={`${card} ${css.profile}`} aria-labelledby="doctor-name">
              <RemoteImage className={css.largePhoto} src={doctor.photo} alt="" width={140} height={140} />
              <div>
                <h1 id="doctor-name">{name}</h1>
                <p>{doctor.specialities.map((s) => s.name).join(', ') || t('doctor.generalPractitioner')}</p>
                <p>{t('doctor.experience', { count: doctor.experienceYears })}</p>
                <p>
                  <DoctorRating doctor={doctor} />
                </p>
                <NextSlot slot={doctor.nextAvailableSlot} />
                <BookButtons doctorId={doctor.doctorId} serviceTypes={priced} doctorName={name} />
              </div>
            </section>
            <div className={css.detailGrid}>
              <section className={card} aria-labelledby="doctor-bio">
                <h2 id="doctor-bio">{t('doctor.biography')}</h2>
                <p className={css.biography}>{doctor.biography || t('content.empty')}</p>
              </section>
              <section className={card} aria-labelledby="doctor-prices">
                <h2 id="doctor-prices">{t('doctor.prices')}</h2>
                {priced.length ? (
                  <dl className={detail.prices}>
                    {priced.map((type) => (
                      <PriceRow key={type} doctorId={doctor.doctorId} serviceTypeId={type} />
                    ))}
                  </dl>
                ) : (
                  <p className={muted}>{t('doctorPage.priceUnknown')}</p>
                )}
              </section>
              <section className={card} aria-labelledby="doctor-work">
                <h2 id="doctor-work">{t('doctor.hospitals')}</h2>
                <ul>
                  {workplaces.map((hospital) => (
                    <li key={hospital.hospitalId}>
                      {hospital.name}
                      {'address' in hospital && typeof hospital.address === 'string' && hospital.address ? (
                        <span className={muted}> – {hospital.address}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
                <h3>{t('doctor.specialities')}</h3>
                <ul>
                  {doctor.specialities.map((speciality) => (
                    <li key={speciality.specialityId}>{speciality.name}</li>
                  ))}
                </ul>
                <h3>{t('doctor.languages')}</h3>
                <p className={muted}>{doctor.languages.map((language) => language.name).join(', ')}</p>
              </section>
            </div>
            <div className={detail.stack}>
              <ScheduleSection
                doctorId={doctor.doctorId}
                serviceType={priced.length === 1 ? priced[0] : null}
              />
              <ReviewsSection doctorId={doctor.doctorId} />
              <PromoSection doctorId={doctor.doctorId} />
              <ProgramsSection doctorId={doctor.doctorId} />
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
