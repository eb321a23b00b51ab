import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * HTML from the API, sanitized again in the browser before it is rendered: the server cleans it
 * when storing and serving, and this second pass keeps a compromised or stale API from ever
 * reaching the DOM with scripts, handlers or inline styles (the CSP forbids those anyway).
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { FORBID_ATTR: ['style'], FORBID_TAGS: ['style', 'form', 'input'] }),
    [html],
  );
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
