/**
 * Text for an HTML or XML text node or a quoted attribute value: the five characters that could
 * end one or start markup become entities (&#39; is valid in both HTML and XML).
 */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
