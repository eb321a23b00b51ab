import { useTranslation } from 'react-i18next';
import { RemoteImage } from '../../../components/remote-image';
import { Link } from 'react-router-dom';
import type { DoctorCard } from '../../../../schemas/catalogue';
import { button, card, muted } from '../../../components/ui.css';
import { bookAppointmentUrl, paths } from '../../../../schemas/paths';
import * as css from '../doctors.css';
import { DoctorPrices, DoctorRating, NextSlot, doctorName } from './doctor-facts';

/**
 * One doctor in the list: photo, name, specialities, hospital, experience, languages, rating,
 * prices, next slot, and a link into the booking flow (with the list's service type when it
 * names one, e.g. hospital visits for /doctor-list?servicetype=3).
 */
export function DoctorListCard({ doctor, serviceType }: { doctor: DoctorCard; serviceType?: number | null }) {
  const { t } = useTranslation();
  const name = doctorName(doctor);
  const specialities = doctor.specialities.map((s) => s.name).join(', ') || t('doctor.generalPractitioner');
  return (
    <article className={`${card} ${css.doctorCard}`} aria-labelledby={`doctor-${doctor.doctorId}`}>
      <RemoteImage className={css.photo} src={doctor.photo} alt="" width={96} height={96} loading="lazy" />
      <div>
        <h2 className={css.name} id={`doctor-${doctor.doctorId}`}>
          <Link to={paths.doctorDetail(doctor.doctorId)}>{name}</Link>
        </h2>
        <ul className={css.facts}>
          <li>{specialities}</li>
          {doctor.hospitals[0] && <li className={muted}>{doctor.hospitals.map((h) => h.name).join(', ')}</li>}
          <li>{t('doctor.experience', { count: doctor.experienceYears })}</li>
          {doctor.languages.length > 0 && (
            <li>
              {t('doctor.languages')}: {doctor.languages.map((l) => l.name).join(', ')}
            </li>
          )}
          <li>
            <DoctorRating doctor={doctor} />
          </li>
        </ul>
      </div>
      <div className={css.aside}>
        <DoctorPrices doctor={doctor} />
        <NextSlot slot={doctor.nextAvailableSlot} />
        {doctor.prices.length > 0 && (
          <Link
            className={button.primary}
            to={bookAppointmentUrl({
              doctorId: doctor.doctorId,
              serviceType:
                serviceType !== undefined && doctor.prices.some((p) => p.serviceTypeId === serviceType)
                  ? serviceType
                  : null,
            })}
            aria-label={`${t('doctor.bookNow')}: ${name}`}
          >
            {t('doctor.bookNow')}
          </Link>
        )}
        <Link
          className={button.secondary}
          to={paths.doctorDetail(doctor.doctorId)}
          aria-label={`${t('doctor.viewProfile')}: ${name}`}
        >
          {t('doctor.viewProfile')}
        </Link>
      </div>
    </article>
  );
}
