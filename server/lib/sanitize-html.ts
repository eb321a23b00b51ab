import type { DOMPurify as Purifier } from 'dompurify';

let purifier: Promise<Purifier> | undefined;

/**
 * DOMPurify over a jsdom window, created on first use: jsdom is heavy (tens of MB, ~100 ms to
 * load), and most processes (production without blogs being written) never need it at start.
 */
function getPurifier(): Promise<Purifier> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    return createDOMPurify(new JSDOM('').window);
  })();
  return purifier;
}

/**
 * Rich text as it may be stored and served: DOMPurify's HTML profile (no script, style, iframe,
 * form, inline styles, event handler attributes or javascript: URLs). Applied when a blog is stored and again when it is served, so a row written
 * by other means (an older import, a manual fix in SQL) cannot reach a browser unsanitized.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  const purify = await getPurifier();
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
