import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useOpenLogin } from '../../../app/layout/open-login-context';
import type { Prefetch } from '../../../app/route-entry';
import { QueryState } from '../../../components/query-state';
import { RemoteImage } from '../../../components/remote-image';
import { button, card, muted, page } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import { focusFirstError } from '../../../lib/focus-first-error';
import { useDeferredModule } from '../../../lib/hooks/use-deferred-module';
import { useStoredUser } from '../../../lib/use-stored-user';
import { isSignedIn } from '../../../lib/user-storage';
import { useBookingRules } from '../../../tenant/use-booking-rules';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { bookingApi, useBookingDoctorQuery, useMakeAppointmentMutation } from '../api';
import { bookingFailure, type BookingFailure } from '../booking-errors';
import {
  bookingSearch,
  readBookingParams,
  stepsFor,
  withChanges,
  type BookingParams,
  type StepId,
} from '../booking-params';
import * as css from '../booking.css';
import { useBookingAttempt } from '../components/use-booking-attempt';
import { usePricing } from '../components/use-pricing';
import { ServiceStep, useOfferedServiceTypes } from '../components/service-step';
import { SlotStep, usePickedSlot } from '../components/slot-step';
import { FAILURE_ID, focusStepHeading, StepSection } from '../components/step-section';
import { symptomsBody, symptomsChosen, type SymptomsChoice } from '../components/symptoms-choice';

// The steps the first screen shows locked load after the page's first render (later-steps.ts).
const loadLaterSteps = () => import('../components/later-steps');
type LaterSteps = Awaited<ReturnType<typeof loadLaterSteps>>;

/** The doctor of the flow, requested before the page renders. */
export const prefetch: Prefetch = (dispatch, { search }) => {
  const { doctorId } = readBookingParams(search);
  if (doctorId) void dispatch(bookingApi.util.prefetch('bookingDoctor', doctorId, {}));
};

const doctorNameOf = (doctor: { title: string; fullName: string }) =>
  [doctor.title, doctor.fullName].filter(Boolean).join(' ');

/**
 * Book Appointment: one page, one section per step, each editable once the previous ones are
 * done: service type, hospital or address, day and slot, patient, symptoms, price (promo code,
 * wallet), payment method, confirm. The choices live in the URL query (booking-params.ts), so a
 * visitor who signs in on the way, or reloads, resumes where they were.
 */
export function Component() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useStoredUser();
  const signedIn = isSignedIn(user);
  const openLogin = useOpenLogin();
  const rules = useBookingRules();
  const params = readBookingParams(search);
  const doctorId = params.doctorId;
  const doctor = useBookingDoctorQuery(doctorId ?? 0, { skip: !doctorId });
  const name = doctor.data ? doctorNameOf(doctor.data) : null;
  usePageMeta(t('booking.title'), t('booking.description'));

  // A visitor is asked to sign in once on arrival; the flow's state stays in the URL meanwhile.
  const asked = useRef(false);
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!signedIn && !asked.current) {
      asked.current = true;
      openLogin(here);
    }
  }, [signedIn, openLogin, here]);

  // Focus moves after the render that shows its target: the next step's heading once it opens,
  // or after a refusal the first field in error (else the message by the confirm button).
  const pendingFocus = useRef<StepId | 'error' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    if (target !== 'error') {
      if (focusStepHeading(target)) pendingFocus.current = null;
      return;
    }
    pendingFocus.current = null;
    const form = formRef.current;
    if (form?.querySelector('[aria-invalid="true"]')) focusFirstError(form);
    else document.getElementById(FAILURE_ID)?.focus();
  });

  const serviceTypes = useOfferedServiceTypes(doctor.data);
  const picked = usePickedSlot(params, signedIn && !!doctorId);
  const pricing = usePricing(params, signedIn && !!doctorId && params.serviceType !== null);
  const [failure, setFailure] = useState<BookingFailure | null>(null);
  const [note, setNote] = useState('');
  const [otherSymptom, setOtherSymptom] = useState('');
  const [records, setRecords] = useState<number[]>([]);
  const [consultations, setConsultations] = useState<number[]>([]);
  const [makeAppointment, making] = useMakeAppointmentMutation();
  const attempt = useBookingAttempt();
  const later = useDeferredModule(loadLaterSteps);
  // A later step opened before its code is there (a reload midway) shows it loading meanwhile.
  const laterStep = (render: (steps: LaterSteps) => ReactNode) =>
    later.module ? (
      render(later.module)
    ) : (
      <QueryState
        isLoading={!later.failed}
        isError={later.failed}
        isEmpty={false}
        onRetry={later.retry}
        skeletons={1}
      >
        {null}
      </QueryState>
    );

  const steps = stepsFor(params.serviceType);
  const next = (id: StepId, order = steps) => order[order.indexOf(id) + 1] ?? null;
  // The flow's state as last written, not as this render saw it: the router renders a navigation
  // in a transition, so a second change made before that render (a symptom ticked right after
  // choosing the patient) would otherwise be computed from stale params and undo the first.
  const written = useRef(search);
  useEffect(() => {
    written.current = search;
  }, [search]);
  const update = (changes: Partial<BookingParams>, advanceFrom?: StepId) => {
    const nextParams = withChanges(readBookingParams(written.current), changes);
    written.current = bookingSearch(nextParams);
    setSearch(written.current, { replace: true });
    if (failure) setFailure(null);
    // The next step of the new state: choosing a hospital visit adds the hospital step.
    const target = advanceFrom ? next(advanceFrom, stepsFor(nextParams.serviceType)) : null;
    if (target) pendingFocus.current = target;
  };
  const advance = (from: StepId) => {
    const target = next(from);
    if (target) focusStepHeading(target);
  };

  // A slot picked before the visit kind (on the doctor's page, before signing in) belongs to a
  // hospital: a hospital visit takes that hospital instead of asking for it again.
  const slotHospital = picked.slot?.hospitalId ?? null;
  useEffect(() => {
    if (params.serviceType === 0 && params.hospitalId === null && slotHospital !== null) {
      // On the state last written: the slot may arrive after a later change (a symptom ticked).
      written.current = bookingSearch(
        withChanges(readBookingParams(written.current), { hospitalId: slotHospital }),
      );
      setSearch(written.current, { replace: true });
    }
  }, [params, slotHospital, setSearch]);

  const symptomsChoice: SymptomsChoice = {
    symptomIds: params.symptoms,
    otherSymptom,
    notSure: params.notSure,
  };
  const changeSymptoms = (changes: Partial<SymptomsChoice>) => {
    if (changes.otherSymptom !== undefined) setOtherSymptom(changes.otherSymptom);
    const inUrl: Partial<BookingParams> = {
      ...(changes.symptomIds ? { symptoms: changes.symptomIds } : {}),
      ...(changes.notSure !== undefined ? { notSure: changes.notSure } : {}),
    };
    if (Object.keys(inUrl).length) update(inUrl);
    else if (failure) setFailure(null);
  };

  const done: Record<StepId, boolean> = {
    service: params.serviceType !== null && serviceTypes.includes(params.serviceType),
    hospital: params.hospitalId !== null,
    address: params.addressId !== null,
    slot: params.slotId !== null,
    patient: params.patientId !== null,
    symptoms: symptomsChosen(symptomsChoice),
    price: pricing.ready,
    payment: params.pay !== null && pricing.methods.includes(params.pay),
    confirm: false,
  };
  const lockedAt = steps.findIndex((id) => !done[id]);
  const locked = (id: StepId) => lockedAt !== -1 && steps.indexOf(id) > lockedAt;
  const stepError = (id: StepId) => (failure?.step === id ? failure : null);

  const submit = async () => {
    if (
      !doctorId ||
      params.serviceType === null ||
      !params.slotId ||
      !params.patientId ||
      params.pay === null
    )
      return;
    const body = {
      doctorId,
      slotId: params.slotId,
      serviceTypeId: params.serviceType,
      patientId: params.patientId,
      ...symptomsBody(symptomsChoice),
      paymentMethod: params.pay,
      ...(params.serviceType === 0 && params.hospitalId ? { hospitalId: params.hospitalId } : {}),
      ...(params.serviceType === 2 && params.addressId ? { addressId: params.addressId } : {}),
      ...(records.length ? { healthRecordIds: records } : {}),
      ...(consultations.length ? { consulationNoteAppointmentIds: consultations } : {}),
      ...(pricing.promoApplied ? { promoCode: pricing.promoApplied } : {}),
      ...(pricing.useWallet ? { useWallet: true } : {}),
      ...(pricing.useGift && params.gift
        ? { userProductId: params.gift }
        : pricing.useFree && params.pkg
          ? { userPackageId: params.pkg }
          : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(params.followUpOf ? { followUpOf: params.followUpOf } : {}),
    };
    setFailure(null);
    const result = await makeAppointment({ body, idempotencyKey: attempt.keyFor(body) });
    if ('data' in result && result.data) {
      attempt.finish();
      const booked = result.data;
      if (booked.paymentMethod === 1 && booked.paymentUrl) window.location.assign(booked.paymentUrl);
      else navigate(paths.appointmentConfirmed(booked.appointmentId));
      return;
    }
    const failed = bookingFailure('error' in result ? result.error : undefined);
    // A refusal is final for this body; a network failure or 5xx may be retried with the same key.
    if (typeof failed.status === 'number' && failed.status < 500) attempt.finish();
    if (failed.keys.includes('slot_unavailable')) picked.refetch();
    setFailure(failed);
    pendingFocus.current = 'error';
  };

  if (!doctorId) {
    return (
      <div className={page}>
        <h1>{t('booking.title')}</h1>
        <p>{t('booking.noDoctor')}</p>
        <Link className={button.primary} to={paths.doctorList}>
          {t('booking.findDoctor')}
        </Link>
      </div>
    );
  }

  const notFound = !!doctor.error && 'status' in doctor.error && doctor.error.status === 404;
  return (
    <div className={page}>
      <h1>{t('booking.title')}</h1>
      <QueryState
        isLoading={doctor.isLoading}
        isError={!!doctor.error && !notFound}
        isEmpty={notFound}
        emptyText={t('doctor.notFound')}
        onRetry={doctor.refetch}
        skeletons={2}
      >
        {doctor.data && name && (
          <div className={css.steps}>
            <section className={`${card} ${css.doctorHead}`} aria-label={t('booking.doctor')}>
              <RemoteImage className={css.photo} src={doctor.data.photo} alt="" width={64} height={64} />
              <div>
                <p className={css.status}>
                  <Link to={paths.doctorDetail(doctorId)}>{name}</Link>
                </p>
                <p className={muted}>
                  {doctor.data.specialities.map((s) => s.name).join(', ') || t('doctor.generalPractitioner')}
                </p>
              </div>
            </section>
            {params.followUpOf && <p className={css.notice}>{t('booking.followUpNotice')}</p>}
            {!signedIn ? (
              <section className={card} aria-labelledby="booking-sign-in">
                <h2 id="booking-sign-in">{t('booking.signInTitle')}</h2>
                <p>{t('booking.signInText')}</p>
                <button type="button" className={button.primary} onClick={() => openLogin(here)}>
                  {t('booking.signIn')}
                </button>
              </section>
            ) : serviceTypes.length === 0 ? (
              <p className={css.notice}>{t('booking.noService')}</p>
            ) : (
              <form
                ref={formRef}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void submit();
                }}
              >
                <ol className={css.steps}>
                  {steps.map((id, index) => {
                    const common = { id, index: index + 1, locked: locked(id) };
                    switch (id) {
                      case 'service':
                        return (
                          <StepSection key={id} {...common} title={t('booking.steps.service')}>
                            <ServiceStep
                              doctorId={doctorId}
                              types={serviceTypes}
                              prices={doctor.data?.prices}
                              value={params.serviceType}
                              error={stepError(id)}
                              onPick={(serviceType, go) => update({ serviceType }, go ? id : undefined)}
                              onConfirm={() => advance(id)}
                            />
                          </StepSection>
                        );
                      case 'hospital':
                        return (
                          <StepSection key={id} {...common} title={t('booking.steps.hospital')}>
                            {laterStep((loaded) => (
                              <loaded.HospitalStep
                                doctorId={doctorId}
                                value={params.hospitalId}
                                error={stepError(id)}
                                onPick={(hospitalId, go) =>
                                  update(
                                    {
                                      hospitalId,
                                      ...(picked.slot?.hospitalId && picked.slot.hospitalId !== hospitalId
                                        ? { slotId: null }
                                        : {}),
                                    },
                                    go ? id : undefined,
                                  )
                                }
                                onConfirm={() => advance(id)}
                              />
                            ))}
                          </StepSection>
                        );
                      case 'address':
                        return (
                          <StepSection key={id} {...common} title={t('booking.steps.address')}>
                            {laterStep((loaded) => (
                              <loaded.AddressStep
                                value={params.addressId}
                                error={stepError(id)}
                                onPick={(addressId, go) => update({ addressId }, go ? id : undefined)}
                                onConfirm={() => advance(id)}
                              />
                            ))}
                          </StepSection>
                        );
                      case 'slot':
                        return (
                          <StepSection key={id} {...common} title={t('booking.steps.slot')}>
                            <SlotStep
                              doctorId={doctorId}
                              params={params}
                              picked={picked}
                              error={stepError(id)}
                              onDate={(date) => update({ date })}
                              onPick={(slot, go) =>
                                update({ slotId: slot.slotId, date: slot.date }, go ? id : undefined)
                              }
                              onConfirm={() => advance(id)}
                            />
                          </StepSection>
                        );
                      case 'patient':
                        return (
                          <StepSection key={id} {...common} title={t('booking.steps.patient')}>
                            {laterStep((loaded) => (
                              <loaded.PatientStep
                                value={params.patientId}
                                error={stepError(id)}
                                onPick={(patientId, go) => {
                                  // Records are the patient's own: another patient shares none of them.
                                  if (patientId !== params.patientId) {
                                    setRecords([]);
                                    setConsultations([]);
                                  }
                                  update({ patientId }, go ? id : undefined);
                                }}
                                onConfirm={() => advance(id)}
                              />
                            ))}
                          </StepSection>
                        );
                      case 'symptoms':
                        return (
                          <StepSection key={id} {...common} title={t('booking.steps.symptoms')}>
                            {laterStep((loaded) => (
                              <loaded.SymptomsStep
                                doctorId={doctorId}
                                userId={user.userId}
                                patientId={params.patientId}
                                choice={symptomsChoice}
                                onChoice={changeSymptoms}
                                note={note}
                                onNote={setNote}
                                records={records}
                                onRecords={setRecords}
                                consultations={consultations}
                                onConsultations={setConsultations}
                                error={stepError(id)}
                                onContinue={() => advance(id)}
                              />
                            ))}
                          </StepSection>
                        );
                      case 'price':
                        return (
                          <StepSection key={id} {...common} title={t('booking.steps.price')}>
                            {laterStep((loaded) => (
                              <loaded.PriceStep
                                pricing={pricing}
                                params={params}
                                error={stepError(id)}
                                onPromo={(promo) => update({ promo })}
                                onWallet={(wallet) => update({ wallet })}
                                onFree={(pkg) => update({ pkg })}
                                onGift={(gift) => update({ gift })}
                                onContinue={() => advance(id)}
                              />
                            ))}
                          </StepSection>
                        );
                      case 'payment':
                        return (
                          <StepSection key={id} {...common} title={t('booking.steps.payment')}>
                            {laterStep((loaded) => (
                              <loaded.PaymentStep
                                methods={pricing.methods}
                                holdMinutes={rules.holdMinutes}
                                value={params.pay}
                                error={stepError(id)}
                                onPick={(pay, go) => update({ pay }, go ? id : undefined)}
                                onConfirm={() => advance(id)}
                              />
                            ))}
                          </StepSection>
                        );
                      case 'confirm':
                        return (
                          <StepSection key={id} {...common} title={t('booking.steps.confirm')}>
                            {laterStep((loaded) => (
                              <loaded.ConfirmStep
                                doctorId={doctorId}
                                doctorName={name}
                                params={params}
                                slot={picked.slot}
                                pricing={pricing}
                                note={note}
                                busy={making.isLoading}
                                failure={failure}
                              />
                            ))}
                          </StepSection>
                        );
                      default:
                        return null;
                    }
                  })}
                </ol>
              </form>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}
