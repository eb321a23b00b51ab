import type { FastifyReply } from 'fastify';

/**
 * A Content-Disposition value that no file name can break: the ASCII fallback keeps printable
 * characters except quotes and backslashes (tone marks are folded away), and the exact name
 * travels percent-encoded in `filename*` (RFC 6266). CR, LF and quotes never reach the header.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\;]/g, '')
      .trim() || 'file';
  // RFC 8187 attr-char: encodeURIComponent leaves ' ( ) * unencoded, which filename* forbids.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The only types a private file is ever served as (what the upload sniffing admits). */
const SERVABLE = new Set(['image/jpeg', 'image/png', 'application/pdf']);

/**
 * Sends a private file to the one caller allowed to read it: the sniffed type (never one the
 * client declared), an inert sandbox (no script runs even if a viewer tries), no caching by
 * shared caches, and the name only inside a safe Content-Disposition.
 */
export function sendPrivateFile(
  reply: FastifyReply,
  file: { bytes: Buffer; contentType: string },
  fileName: string,
  disposition: 'inline' | 'attachment' = 'attachment',
): FastifyReply {
  const type = SERVABLE.has(file.contentType) ? file.contentType : 'application/octet-stream';
  return reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition(disposition, fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}
