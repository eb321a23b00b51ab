import { DATE_FILTERS, type DateFilter } from '../../../schemas/codes';

export const HEALTH_RECORDS_PATH = '/me/health-records/';

/** The page's filters and page live in the URL (shareable, back button works). */
export interface HealthRecordsView {
  duration: DateFilter;
  recordType: number | null;
  patientId: number | null;
  pageNumber: number;
}

const positive = (raw: string | null) => {
  const n = Math.floor(Number(raw));
  return raw !== null && Number.isFinite(n) && n > 0 ? n : null;
};

export function recordsViewOf(search: URLSearchParams): HealthRecordsView {
  const raw = search.get('duration') ?? '';
  const type = search.get('type');
  const recordType = type !== null && /^[0-3]$/.test(type) ? Number(type) : null;
  return {
    duration: (DATE_FILTERS as readonly string[]).includes(raw) ? (raw as DateFilter) : 'all',
    recordType,
    patientId: positive(search.get('patient')),
    pageNumber: positive(search.get('page')) ?? 1,
  };
}

/** The search string of a view (defaults left out). */
export function recordsSearchOf(view: HealthRecordsView): string {
  const params = new URLSearchParams();
  if (view.duration !== 'all') params.set('duration', view.duration);
  if (view.recordType !== null) params.set('type', String(view.recordType));
  if (view.patientId !== null) params.set('patient', String(view.patientId));
  if (view.pageNumber > 1) params.set('page', String(view.pageNumber));
  const text = params.toString();
  return text ? `?${text}` : '';
}
