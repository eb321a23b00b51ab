import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useGlobalSearchQuery, type SearchResult } from '../../api/search-api';
import { visuallyHidden } from '../../components/ui.css';
import { doctorListUrl, paths } from '../../../schemas/paths';
import { useDebouncedValue } from '../../lib/hooks/use-debounced-value';
import { LANGUAGE_IDS } from '../../lib/i18n/language';
import { useTenant } from '../../tenant/tenant-context';
import * as css from './header.css';
import { groupResults, resultUrl } from './search-results';

/** Spec section 9: the search request waits until typing has paused for 1000 ms. */
export const SEARCH_DEBOUNCE_MS = 1000;
const MIN_LENGTH = 2;

/**
 * The global search box, an ARIA 1.2 combobox: typing (debounced) lists doctors, specialities and
 * symptoms grouped by type; arrow keys move through them, Enter opens the highlighted one (or the
 * doctor list filtered by the text), Escape closes the list and then clears the text.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const { language } = useTenant();
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const searchText = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = searchText.length >= MIN_LENGTH;
  const { data, isFetching, isError } = useGlobalSearchQuery(
    { searchText, languageId: LANGUAGE_IDS[language] },
    { skip: !enabled },
  );
  const { groups, flat } = groupResults(enabled ? (data ?? []) : []);
  const expanded = open && enabled && text.trim().length >= MIN_LENGTH;
  const optionId = (index: number) => `${id}-option-${index}`;

  const go = (url: string) => {
    setOpen(false);
    setActive(-1);
    navigate(url);
  };
  const choose = (result: SearchResult) => {
    setText(result.name);
    go(resultUrl(result));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded ? flat[active] : undefined;
    if (chosen) choose(chosen);
    else if (text.trim()) go(doctorListUrl({ searchText: text.trim() }));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (flat.length === 0) return;
      // Wraps around at both ends, as the APG combobox does.
      setActive((current) =>
        event.key === 'ArrowDown'
          ? (current + 1) % flat.length
          : current <= 0
            ? flat.length - 1
            : current - 1,
      );
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) setOpen(false);
      else setText('');
      setActive(-1);
    }
  };

  return (
    // action and name: before the app hydrates a server-rendered page (or without JavaScript), the
    // browser submits the same search itself.
    <form role="search" className={css.search} onSubmit={onSubmit} action={paths.doctorList}>
      <label htmlFor={id} className={visuallyHidden}>
        {t('header.searchLabel')}
      </label>
      <div className={css.comboWrap}>
        <input
          id={id}
          className={css.searchInput}
          type="text"
          name="searchText"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('header.searchPlaceholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={t('search.results')}
          className={expanded ? css.listbox : visuallyHidden}
        >
          {expanded &&
            groups.map((group) => (
              <div key={group.type} role="group" aria-labelledby={`${id}-${group.type}`}>
                <div id={`${id}-${group.type}`} role="presentation" className={css.groupLabel}>
                  {t(group.labelKey)}
                </div>
                {group.items.map((result) => {
                  const index = flat.indexOf(result);
                  return (
                    <div
                      key={`${result.type}-${result.id}`}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      className={css.option}
                      // mousedown, not click: the input's blur would close the list first.
                      onMouseDown={(event) => {
                        event.preventDefault();
                        choose(result);
                      }}
                    >
                      {result.name}
                    </div>
                  );
                })}
              </div>
            ))}
        </div>
        <p className={visuallyHidden} role="status" aria-live="polite">
          {expanded &&
            !isFetching &&
            (isError
              ? t('state.error')
              : flat.length === 0
                ? t('search.noMatch')
                : t('search.count', { count: flat.length }))}
        </p>
      </div>
      <button type="submit" className={css.headerButton}>
        {t('header.search')}
      </button>
    </form>
  );
}
