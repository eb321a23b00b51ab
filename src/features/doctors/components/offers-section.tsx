import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JoinProgramButton } from '../../membership';
import { Link } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { button, card, muted } from '../../../components/ui.css';
import { useOfferRuleText } from '../../../components/offer-rule';
import { formatVnd } from '../../../lib/i18n/format-money';
import { useFeature } from '../../../tenant/tenant-context';
import {
  useHealthProgramsQuery,
  usePriceQuery,
  useProgramChildrenQuery,
  usePromoCodesQuery,
  type Program,
} from '../api';
import * as css from '../detail.css';

/** One service type's price from CheckPriceOfAppointment (price, discount, final price). */
export function PriceRow({ doctorId, serviceTypeId }: { doctorId: number; serviceTypeId: number }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading, isError } = usePriceQuery({ doctorId, serviceTypeId });
  return (
    <div className={css.priceRow}>
      <dt>{t(`serviceType.${serviceTypeId}`)}</dt>
      <dd>
        {isLoading ? (
          t('state.loading')
        ) : isError || !data ? (
          <span className={muted}>{t('doctorPage.priceUnknown')}</span>
        ) : data.discount > 0 ? (
          <>
            <s className={muted}>{formatVnd(data.price, i18n.language)}</s>{' '}
            <strong>{formatVnd(data.finalPrice, i18n.language)}</strong>
          </>
        ) : (
          <strong>{formatVnd(data.finalPrice, i18n.language)}</strong>
        )}
      </dd>
    </div>
  );
}

/** The doctor's promo codes, each linking to its coupon detail page. */
export function PromoSection({ doctorId }: { doctorId: number }) {
  const { t } = useTranslation();
  const ruleText = useOfferRuleText();
  const on = useFeature('promoCodes');
  const { data, isLoading, isError, refetch } = usePromoCodesQuery(doctorId, { skip: !on });
  if (!on) return null;
  return (
    <section className={card} aria-labelledby="doctor-promos">
      <h2 id="doctor-promos">{t('doctorPage.promos')}</h2>
      <QueryState
        isLoading={isLoading}
        isError={isError}
        isEmpty={!data?.length}
        onRetry={refetch}
        emptyText={t('doctorPage.noPromos')}
        skeletons={1}
      >
        <ul className={css.plainList}>
          {data?.map((promo) => (
            <li key={promo.promoCodeId}>
              <Link to={`/offer-detail/${promo.promoCodeId}`}>
                <strong>{promo.code}</strong> – {promo.title}
              </Link>{' '}
              <span className={muted}>{ruleText(promo)}</span>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}

function ProgramItem({ program }: { program: Program }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const children = useProgramChildrenQuery(program.healthProgramId, {
    skip: !open || program.childCount === 0,
  });
  const listId = `program-${program.healthProgramId}-children`;
  return (
    <li>
      <p>
        <strong>{program.name}</strong> – {formatVnd(program.price, i18n.language)}
      </p>
      <p className={muted}>{program.description}</p>
      <JoinProgramButton programId={program.healthProgramId} name={program.name} />
      {program.childCount > 0 && (
        <button
          type="button"
          className={button.secondary}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {t('doctorPage.programParts', { count: program.childCount })}
        </button>
      )}
      {open && (
        <ul id={listId} className={css.plainList}>
          {children.isLoading && <li>{t('state.loading')}</li>}
          {children.isError && <li>{t('state.error')}</li>}
          {children.data?.map((child) => (
            <li key={child.healthProgramId}>
              {child.name} – {formatVnd(child.price, i18n.language)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The health programs the doctor takes part in, each with its sub-programs on demand. */
export function ProgramsSection({ doctorId }: { doctorId: number }) {
  const { t } = useTranslation();
  const on = useFeature('healthPrograms');
  const { data, isLoading, isError, refetch } = useHealthProgramsQuery(doctorId, { skip: !on });
  if (!on) return null;
  return (
    <section className={card} aria-labelledby="doctor-programs">
      <h2 id="doctor-programs">{t('doctorPage.programs')}</h2>
      <QueryState
        isLoading={isLoading}
        isError={isError}
        isEmpty={!data?.length}
        onRetry={refetch}
        emptyText={t('doctorPage.noPrograms')}
        skeletons={1}
      >
        <ul className={css.plainList}>
          {data?.map((program) => (
            <ProgramItem key={program.healthProgramId} program={program} />
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
