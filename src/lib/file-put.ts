/**
 * Sending a file's bytes to its upload URL (a presigned object-store PUT, or the app's own upload
 * route with the disk driver), and the message key of a failed send, shared by every upload of
 * the web app (private files, the join forms).
 */

/** The first message key of a reply body (errors, else codeMessageRespond). */
export const firstErrorKey = (body: unknown): string | undefined =>
  (body as { errors?: string[] | null } | null)?.errors?.[0] ??
  (body as { codeMessageRespond?: string | null } | null)?.codeMessageRespond ??
  undefined;

/**
 * The message key of a file PUT that failed: the reply's own key when it has one; else, when the
 * store gave no answer (`status` null: unreachable) or failed (5xx, an object store's XML),
 * `storage_unavailable`; else `fallbackKey`.
 */
export function uploadFailureKey(status: number | null, body: unknown, fallbackKey: string): string {
  return firstErrorKey(body) ?? (status === null || status >= 500 ? 'storage_unavailable' : fallbackKey);
}

/** A file's PUT to its upload URL; the message key of the failure is thrown as an Error. */
export async function putFile(url: string, file: File, fallbackKey: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': file.type },
    body: file,
  }).catch(() => null);
  const body: unknown = await response?.json().catch(() => null);
  if (!response?.ok) throw new Error(uploadFailureKey(response?.status ?? null, body, fallbackKey));
  return body;
}
