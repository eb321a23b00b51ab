import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DATE_FILTERS } from '../../../../schemas/codes';
import type { Prefetch } from '../../../app/route-entry';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { page } from '../../../components/ui.css';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav } from '../../account';
import { appointmentsApi, useMyAppointmentsQuery } from '../api';
import { AppointmentCard } from '../components/appointment-card';
import { APPOINTMENTS_PATH } from '../links';
import { listArgsOf, searchOf, TABS } from '../list-params';
import * as css from '../appointments.css';

export const prefetch: Prefetch = (dispatch, { search }) => {
  void dispatch(appointmentsApi.util.prefetch('myAppointments', listArgsOf(search), {}));
};

/**
 * /me/appointments-list/: the signed-in user's appointments, Upcoming (type 2) and Past (type 1)
 * tabs, the spec's date filter and pages of 15; tab, filter and page live in the URL.
 */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const args = listArgsOf(search);
  // currentData: a new tab or page shows its skeleton; a refetch after a change keeps the cards.
  const { currentData: data, isFetching, isError, refetch } = useMyAppointmentsQuery(args);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  useDocumentTitle(t('account.appointments'));

  const go = (next: Partial<typeof args>) =>
    navigate(`${APPOINTMENTS_PATH}${searchOf({ ...args, pageNumber: 1, ...next })}`, {
      preventScrollReset: true,
    });

  // Tabs pattern: arrow keys, Home and End move between tabs and select them.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    tabs.current[target]?.focus();
    go({ type: TABS[target]!.type });
  };

  const list = data?.appointments ?? [];
  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div>
        <h1>{t('account.appointments')}</h1>
        <div className={css.toolbar}>
          <div role="tablist" aria-label={t('appointments.tabsLabel')} className={css.tabList}>
            {TABS.map((tab, index) => {
              const selected = tab.type === args.type;
              return (
                <button
                  key={tab.key}
                  ref={(node) => {
                    tabs.current[index] = node;
                  }}
                  type="button"
                  role="tab"
                  id={`appointments-tab-${tab.key}`}
                  aria-selected={selected}
                  aria-controls="appointments-panel"
                  tabIndex={selected ? 0 : -1}
                  className={css.tab}
                  onClick={() => go({ type: tab.type })}
                  onKeyDown={(event) => onTabKey(event, index)}
                >
                  {t(`appointments.tabs.${tab.key}`)}
                </button>
              );
            })}
          </div>
          <div className={css.filter}>
            <label htmlFor="appointments-duration">{t('appointments.duration')}</label>
            <select
              id="appointments-duration"
              className={css.select}
              value={args.duration}
              onChange={(event) => go({ duration: event.target.value as typeof args.duration })}
            >
              {DATE_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {t(`appointments.durations.${filter}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div
          role="tabpanel"
          id="appointments-panel"
          aria-labelledby={`appointments-tab-${TABS.find((tab) => tab.type === args.type)!.key}`}
        >
          <QueryState
            isLoading={isFetching && !data}
            isError={isError}
            isEmpty={list.length === 0}
            onRetry={refetch}
            emptyText={t(args.type === 2 ? 'appointments.emptyUpcoming' : 'appointments.emptyPast')}
          >
            <ul className={css.list}>
              {list.map((appointment) => (
                <li key={appointment.appointmentId}>
                  <AppointmentCard appointment={appointment} />
                </li>
              ))}
            </ul>
            {data && (
              <Pager
                pagination={data.pagination}
                hrefFor={(pageNumber) => `${APPOINTMENTS_PATH}${searchOf({ ...args, pageNumber })}`}
              />
            )}
          </QueryState>
        </div>
      </div>
    </div>
  );
}
