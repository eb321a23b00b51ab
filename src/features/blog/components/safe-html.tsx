import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * HTML from the API, sanitized again in the browser before it is rendered: the server cleans it
 * when storing and serving, and this second pass keeps a compromised or stale API from ever
 * reaching the DOM with scripts, handlers or inline styles (the CSP forbids those anyway). The
 * server render has no DOM for DOMPurify (no `sanitize` there): it writes the HTML as the API
 * served it, cleaned by the API's own DOMPurify pass (server/lib/sanitize-html.ts).
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(
    () =>
      typeof DOMPurify.sanitize === 'function'
        ? DOMPurify.sanitize(html, { FORBID_ATTR: ['style'], FORBID_TAGS: ['style', 'form', 'input'] })
        : html,
    [html],
  );
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
