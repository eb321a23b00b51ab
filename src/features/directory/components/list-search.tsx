import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { button, input, visuallyHidden } from '../../../components/ui.css';
import * as css from '../directory.css';
import { listHref } from '../../../../schemas/list-query';

/** The search form of a listing: submitting writes `?q=` (page 1) so the view is a link. */
export function ListSearch({ label, initial }: { label: string; initial: string }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate(listHref(text.trim(), 1));
  };
  return (
    <form role="search" className={css.search} onSubmit={onSubmit}>
      <label htmlFor={id} className={visuallyHidden}>
        {label}
      </label>
      <input
        id={id}
        className={input}
        type="search"
        // Before hydration (or without JavaScript) the browser submits ?q= itself.
        name="q"
        maxLength={100}
        placeholder={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={button.primary}>
        {t('header.search')}
      </button>
    </form>
  );
}
