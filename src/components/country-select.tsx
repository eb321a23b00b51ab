import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '../../schemas/catalogue';
import { useCountriesQuery } from '../api/countries-api';
import { field, input, label } from './ui.css';

/** Spec section 9: USA (+1, id 3) until the country list loads. */
export const FALLBACK_COUNTRY: Country = { countryId: 3, code: 'US', name: 'USA', phoneCode: '+1' };

/**
 * The country picked by default once the list is loaded: Vietnam, where the tenants' users
 * live (the spec's USA default only covers the moment before the list arrives).
 */
export function defaultCountry(countries: readonly Country[]): Country {
  return (
    countries.find((c) => c.code.toUpperCase() === 'VN' || c.phoneCode.replace('+', '') === '84') ??
    countries[0] ??
    FALLBACK_COUNTRY
  );
}

/** The countries (loaded only when `needed`) and the chosen one. */
export function useCountryChoice(needed = true) {
  const { data: countries = [] } = useCountriesQuery(undefined, { skip: !needed });
  const [chosen, setChosen] = useState<number | null>(null);
  const countryId = chosen ?? defaultCountry(countries).countryId;
  // Until the list arrives the id is the spec's USA fallback: a form sending a phone number waits.
  return { countries, countryId, setCountryId: setChosen, ready: countries.length > 0 || chosen !== null };
}

/** A labelled country-code picker ("Việt Nam (+84)"). */
export function CountrySelect({
  countries,
  countryId,
  onChange,
}: {
  countries: readonly Country[];
  countryId: number;
  onChange: (countryId: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const options = countries.length > 0 ? countries : [FALLBACK_COUNTRY];
  return (
    <div className={field}>
      <label className={label} htmlFor={id}>
        {t('auth.country')}
      </label>
      <select
        id={id}
        className={input}
        value={countryId}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((country) => (
          <option key={country.countryId} value={country.countryId}>
            {country.name} ({country.phoneCode})
          </option>
        ))}
      </select>
    </div>
  );
}
