import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { button, card, input, label, muted, page } from '../../../components/ui.css';
import { useHospitalClock } from '../../../tenant/use-booking-rules';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { useOutboxQuery } from '../api';
import * as css from '../outbox.css';

/**
 * The demo outbox (only outside production): the emails and SMS the demo "sent" to an address,
 * newest first, with the verification code large enough to copy at a glance.
 */
export function Component() {
  const clock = useHospitalClock();
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [to, setTo] = useState('');
  const { data = [], isFetching, isError, refetch } = useOutboxQuery(to, { skip: !to });
  const messages = [...data].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  useDocumentTitle(t('devOutbox.title'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value === to) void refetch();
    else setTo(value);
  };

  return (
    <div className={page}>
      <h1>{t('devOutbox.title')}</h1>
      <p className={css.notice}>{t('devOutbox.notice')}</p>
      <form className={css.form} onSubmit={onSubmit}>
        <div className={css.formField}>
          <label className={label} htmlFor={id}>
            {t('devOutbox.recipient')}
          </label>
          <input
            id={id}
            className={input}
            type="text"
            inputMode="email"
            autoComplete="off"
            required
            minLength={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button type="submit" className={button.primary}>
          {t('devOutbox.submit')}
        </button>
      </form>
      {to && (
        <section aria-labelledby={`${id}-results`} aria-busy={isFetching}>
          <h2 id={`${id}-results`}>{t('devOutbox.results', { to })}</h2>
          <QueryState
            isLoading={isFetching}
            isError={isError}
            isEmpty={messages.length === 0}
            onRetry={refetch}
            emptyText={t('devOutbox.empty')}
          >
            <ul className={css.list}>
              {messages.map((message) => (
                <li key={message.messageId} className={card}>
                  <h3>{message.subject}</h3>
                  <p className={muted}>
                    {message.channel.toUpperCase()} · {message.recipient} ·{' '}
                    {t('devOutbox.sentAt', { time: clock.dateTime(message.createdAt) })}
                  </p>
                  {message.code && (
                    <p className={css.code}>
                      <span className={css.codeLabel}>{t('devOutbox.code')}: </span>
                      {message.code}
                    </p>
                  )}
                  <p className={css.body}>{message.body}</p>
                </li>
              ))}
            </ul>
          </QueryState>
        </section>
      )}
    </div>
  );
}
