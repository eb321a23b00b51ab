import { formatZonedDateTime } from '../../../../schemas/time';
import { card } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import type { CareAppointmentDetail } from '../api';
import * as css from '../care.css';
import { careNs } from '../i18n/namespace';

type Note = CareAppointmentDetail['consultations'][number];

/** One consultation note: who wrote it and when, diagnosis, note, advice and the prescription. */
export function NoteView({
  note,
  timeZone,
  headingLevel,
}: {
  note: Note;
  timeZone: string;
  headingLevel: 3;
}) {
  const { t } = useNamespace(careNs);
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={card}>
      <Heading>
        {note.doctorName} · {formatZonedDateTime(note.createdAt, timeZone)}
      </Heading>
      <dl className={css.facts}>
        <dt className={css.term}>{t('diagnosis')}</dt>
        <dd>{note.diagnosis}</dd>
        <dt className={css.term}>{t('note')}</dt>
        <dd>{note.note}</dd>
        {note.advice && (
          <>
            <dt className={css.term}>{t('advice')}</dt>
            <dd>{note.advice}</dd>
          </>
        )}
        {note.prescription.length > 0 && (
          <>
            <dt className={css.term}>{t('prescription')}</dt>
            <dd>
              <ul>
                {note.prescription.map((p, i) => (
                  <li key={i}>
                    {[
                      p.name,
                      p.dosage,
                      p.frequency,
                      p.days ? `${p.days} ${t('days').toLowerCase()}` : '',
                      p.note,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
    </article>
  );
}
