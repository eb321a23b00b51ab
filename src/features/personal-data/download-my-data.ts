import { firstErrorKey } from '../../lib/private-files';
import { commonHeaders } from '../../lib/request-headers';
import { readUser } from '../../lib/user-storage';

export const EXPORT_URL = '/api/v1/Users/ExportMyData';

/**
 * "Download all my data": fetches the archive with the signed-in user's bearer token (never a
 * public link) and hands it to the browser as a download. Throws an Error whose message is the
 * server's message key (too_many_requests: one export a minute), else `fallbackKey`.
 */
export async function downloadMyData(fallbackKey = 'something_went_wrong'): Promise<void> {
  const headers: Record<string, string> = { ...commonHeaders(), Accept: 'application/zip, application/json' };
  delete headers['Content-Type'];
  const token = readUser()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(EXPORT_URL, { headers });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(firstErrorKey(body) ?? fallbackKey);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name ?? `personal-data-${new Date().toISOString().slice(0, 10)}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
