import type { TFunction } from 'i18next';
import type { ApiEnvelope } from '../../schemas/envelope';

/** A reply read whole: flows depend on codeMessageRespond as well as on data. */
export type Reply<T = unknown> = ApiEnvelope<T | null>;

/** The envelope of a call's result, whether it succeeded or failed (errors carry one too). */
export function replyOf<T>(result: { data?: Reply<T> } | { error?: unknown }): Reply<T> | null {
  if ('data' in result && result.data) return result.data;
  const data = ((result as { error?: { data?: unknown } }).error ?? {}).data;
  return data && typeof data === 'object' ? (data as Reply<T>) : null;
}

/**
 * The text of a message key: the spec's keys live at the top level of the message files, the
 * account server's newer keys (weak_password, pin_not_set, ...) under "auth.msg".
 */
export function keyText(t: TFunction, key: string | null | undefined): string | null {
  if (!key) return null;
  return t(key, { defaultValue: '' }) || t(`auth.msg.${key}`, { defaultValue: '' }) || null;
}

/** What to show for a refused reply: its first error key, else its code, else its message. */
export function replyText(t: TFunction, reply: Reply | null, fallbackKey = 'something_went_wrong'): string {
  return (
    keyText(t, reply?.errors?.[0]) ??
    keyText(t, reply?.codeMessageRespond) ??
    reply?.message ??
    t(fallbackKey)
  );
}
