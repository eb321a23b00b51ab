import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSpecialitiesQuery, useSymptomsQuery } from '../../../api/catalogue-api';
import { button } from '../../../components/ui.css';
import { useMediaQuery } from '../../../lib/hooks/use-media-query';
import { useTenant } from '../../../tenant/tenant-context';
import { useCitiesQuery, useHospitalNamesQuery, useLanguagesQuery } from '../api';
import {
  doctorFilterFromSearch,
  selectedIds,
  selectedServiceTypes,
  withFilters,
  type FilterPatch,
} from '../../../../schemas/doctor-list-params';
import * as css from '../filters.css';
import { offeredServiceTypes } from '../service-types';

const EXPERIENCE_STEPS = [5, 10, 15, 20];

interface Option {
  id: number | string;
  name: string;
}

/** A group of checkboxes writing one comma-separated URL parameter. */
function CheckGroup({
  legend,
  options,
  selected,
  onChange,
  scroll = false,
}: {
  legend: string;
  options: Option[];
  selected: readonly (number | string)[];
  onChange: (next: (number | string)[]) => void;
  scroll?: boolean;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className={css.fieldset}>
      <legend className={css.legend}>{legend}</legend>
      <div className={scroll ? css.scrollList : undefined}>
        {options.map((option) => {
          const checked = selected.includes(option.id);
          return (
            <label key={option.id} className={css.check}>
              <input
                type="checkbox"
                checked={checked}
                onChange={() =>
                  onChange(checked ? selected.filter((id) => id !== option.id) : [...selected, option.id])
                }
              />
              {option.name}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function SelectField({
  label,
  children,
  ...props
}: { label: string; children: ReactNode } & ComponentProps<'select'>) {
  const id = useId();
  return (
    <div className={css.fieldset}>
      <label htmlFor={id} className={css.legend}>
        {label}
      </label>
      <select id={id} className={css.select} {...props}>
        {children}
      </select>
    </div>
  );
}

/**
 * Every doctor-list filter of spec section 3. Each change pushes a new URL (so Back undoes it and
 * a copied link reproduces the view); on a phone the panel folds behind a disclosure button, and
 * its fields (with the five reference lists they need) are only loaded and rendered once opened.
 */
export function FilterPanel() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery(css.desktop);
  const panelId = useId();
  const filter = doctorFilterFromSearch(search);
  const activeCount = [
    filter.cityId,
    filter.gender,
    filter.hospitals,
    filter.languages,
    filter.specialities,
    filter.symptoms,
    filter.experiences,
  ].filter(Boolean).length;

  return (
    <aside className={css.panel} aria-label={t('filters.title')}>
      <button
        type="button"
        className={`${button.secondary} ${css.toggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {t('filters.toggle', { count: activeCount })}
      </button>
      <div id={panelId} className={open ? css.bodyOpen : css.body}>
        {(open || wide) && <FilterFields />}
      </div>
    </aside>
  );
}

/** The filter fields, each writing its URL parameter. */
function FilterFields() {
  const { t } = useTranslation();
  const { bundle } = useTenant();
  const [search, setSearch] = useSearchParams();
  const filter = doctorFilterFromSearch(search);
  const cities = useCitiesQuery().data ?? [];
  const languages = useLanguagesQuery().data ?? [];
  const hospitals = useHospitalNamesQuery().data ?? [];
  const specialities = useSpecialitiesQuery().data ?? [];
  const symptoms = useSymptomsQuery().data ?? [];
  const apply = (patch: FilterPatch) => setSearch(withFilters(search, patch).slice(1));
  const serviceTypes = offeredServiceTypes(bundle.features);

  return (
    <>
      <SelectField
        label={t('filters.city')}
        value={filter.cityId ?? ''}
        onChange={(event) => apply({ city: event.target.value || null })}
      >
        <option value="">{t('filters.any')}</option>
        {cities.map((city) => (
          <option key={city.cityId} value={city.cityId}>
            {city.name}
          </option>
        ))}
      </SelectField>
      <CheckGroup
        legend={t('filters.gender')}
        options={[
          { id: 'M', name: t('filters.male') },
          { id: 'F', name: t('filters.female') },
        ]}
        selected={filter.gender ?? []}
        onChange={(next) => apply({ gender: next })}
      />
      <CheckGroup
        legend={t('filters.serviceTypes')}
        options={serviceTypes.map((id) => ({ id, name: t(`serviceType.${id}`) }))}
        selected={selectedServiceTypes(search)}
        onChange={(next) => apply({ serviceTypes: next })}
      />
      <SelectField
        label={t('filters.experience')}
        value={filter.experiences?.[0] ?? ''}
        onChange={(event) => apply({ experience: event.target.value || null })}
      >
        <option value="">{t('filters.any')}</option>
        {EXPERIENCE_STEPS.map((years) => (
          <option key={years} value={years}>
            {t('filters.years', { count: years })}
          </option>
        ))}
      </SelectField>
      <CheckGroup
        legend={t('filters.specialities')}
        options={specialities.map((s) => ({ id: s.specialityId, name: s.name }))}
        selected={selectedIds(search, 'specialities')}
        onChange={(next) => apply({ specialities: next })}
        scroll
      />
      <CheckGroup
        legend={t('filters.symptoms')}
        options={symptoms.map((s) => ({ id: s.symptomId, name: s.name }))}
        selected={selectedIds(search, 'symptoms')}
        onChange={(next) => apply({ symptoms: next })}
        scroll
      />
      <CheckGroup
        legend={t('filters.hospitals')}
        options={hospitals.map((h) => ({ id: h.hospitalId, name: h.name }))}
        selected={selectedIds(search, 'hospitals')}
        onChange={(next) => apply({ hospitals: next })}
        scroll
      />
      <CheckGroup
        legend={t('filters.languages')}
        options={languages.map((l) => ({ id: l.languageId, name: l.name }))}
        selected={selectedIds(search, 'languages')}
        onChange={(next) => apply({ languages: next })}
      />
      <button
        type="button"
        className={button.secondary}
        onClick={() =>
          apply({
            city: null,
            gender: null,
            hospitals: null,
            languages: null,
            specialities: null,
            symptoms: null,
            serviceTypes: null,
            experience: null,
          })
        }
      >
        {t('filters.clear')}
      </button>
    </>
  );
}

/** Sort order (orderType) and direction (orderBy, DESC by default). */
export function SortControls() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filter = doctorFilterFromSearch(search);
  const apply = (patch: FilterPatch) => setSearch(withFilters(search, patch).slice(1));
  const sorts = ['relevance', 'earliestSlot', 'rating', 'price', 'experience'] as const;
  return (
    <div className={css.sortRow}>
      <SelectField
        label={t('filters.sort')}
        value={filter.orderType ?? ''}
        onChange={(event) => apply({ sort: event.target.value || null })}
      >
        <option value="">{t('filters.sortDefault')}</option>
        {sorts
          .filter((sort) => sort !== 'relevance' || filter.searchText)
          .map((sort) => (
            <option key={sort} value={sort}>
              {t(`filters.sorts.${sort}`)}
            </option>
          ))}
      </SelectField>
      <SelectField
        label={t('filters.order')}
        value={filter.orderBy ?? 'DESC'}
        onChange={(event) => apply({ order: event.target.value === 'ASC' ? 'ASC' : null })}
      >
        <option value="DESC">{t('filters.desc')}</option>
        <option value="ASC">{t('filters.asc')}</option>
      </SelectField>
    </div>
  );
}
