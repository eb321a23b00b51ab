/**
 * Rules of the patient (family member) form that JSON Schema cannot say, and the age shown beside
 * a date of birth. Plain functions shared by the server and the web app (no TypeBox here), so the
 * form and the API apply exactly the same rules on top of schemas/forms/patient.schema.json.
 */

/** Years, months and days from a date of birth to a day (the age a person is shown with). */
export interface Age {
  years: number;
  months: number;
  days: number;
}

/** The form's age limit (spec: "Enter age below 1000"). */
export const MAX_AGE_YEARS = 1000;

/** The personal fields booking needs, each with the message key shown when it is empty. */
export const PERSONAL_INFO_FIELDS = [
  { field: 'fullName', key: 'valid_full_name' },
  { field: 'gender', key: 'select_gender' },
  { field: 'dateOfBirth', key: 'select_date_of_birth' },
] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' -> [year, month, day], or null when it is not a real calendar day. */
export function parseDay(value: string): [number, number, number] | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return [year, month, day];
}

const daysInMonth = (year: number, month: number) => {
  const date = new Date(Date.UTC(2000, month, 0));
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
};

/**
 * The age on `today` of someone born on `dateOfBirth` (both 'YYYY-MM-DD'): whole years and months
 * since the birth (a month counts once its day of the month is reached; a birthday on the 31st
 * falls on the month's last day in shorter months), then the days since. Null when a date is not
 * valid or the birth is after `today`.
 */
export function ageOf(dateOfBirth: string, today: string): Age | null {
  const birth = parseDay(dateOfBirth);
  const now = parseDay(today);
  if (!birth || !now || dateOfBirth > today) return null;
  let months = (now[0] - birth[0]) * 12 + (now[1] - birth[1]);
  if (now[2] < birth[2]) months -= 1;
  // The day `months` months after the birth, clamped to the end of its month.
  const year = birth[0] + Math.floor((birth[1] - 1 + months) / 12);
  const month = ((birth[1] - 1 + months) % 12) + 1;
  const day = Math.min(birth[2], daysInMonth(year, month));
  const days = Math.round((utcDay(now[0], now[1], now[2]) - utcDay(year, month, day)) / 86_400_000);
  return { years: Math.floor(months / 12), months: months % 12, days };
}

const utcDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getTime();
};

/** Today's date ('YYYY-MM-DD') in a time zone (the tenant's), at `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** One broken rule: the field and the message key. */
export interface RuleProblem {
  field: string;
  key: string;
}

/**
 * What the schema cannot check: a date of birth neither in the future ('dob_in_future') nor
 * 1000 years or more ago ('age_below_1000'), and a relation for every family member other than
 * the account holder ('select_relation').
 */
export function patientRuleProblems(
  form: { dateOfBirth?: unknown; relationId?: unknown },
  { isSelf, today }: { isSelf: boolean; today: string },
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (typeof form.dateOfBirth === 'string' && parseDay(form.dateOfBirth)) {
    const age = ageOf(form.dateOfBirth, today);
    if (!age) problems.push({ field: 'dateOfBirth', key: 'dob_in_future' });
    else if (age.years >= MAX_AGE_YEARS) problems.push({ field: 'dateOfBirth', key: 'age_below_1000' });
  }
  if (!isSelf && (form.relationId === undefined || form.relationId === null))
    problems.push({ field: 'relationId', key: 'select_relation' });
  return problems;
}

/** The message keys of the personal fields booking needs that are empty. */
export function missingPersonalInfo(patient: {
  fullName?: string | null;
  gender?: string | null;
  dateOfBirth?: string | null;
}): string[] {
  return PERSONAL_INFO_FIELDS.filter(({ field }) => !(patient[field] ?? '').trim()).map(({ key }) => key);
}
