/**
 * Test support: reads back what a rendered `<head>` (or a whole page) tells search engines. A
 * small regular-expression reader is enough: the markup is our own, one tag per element.
 */
export interface ParsedHead {
  title: string | null;
  /** meta name=... and meta property=... contents, by name; repeated keys keep every value. */
  meta: Map<string, string[]>;
  canonical: string | null;
  alternates: { hreflang: string; href: string }[];
  jsonLd: Record<string, unknown>[];
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const attr = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : unescape(value);
};

export function parseHead(html: string): ParsedHead {
  const meta = new Map<string, string[]>();
  for (const [tag] of html.matchAll(/<meta\s[^>]*>/g)) {
    const key = attr(tag, 'name') ?? attr(tag, 'property');
    const content = attr(tag, 'content');
    if (key && content !== undefined) meta.set(key, [...(meta.get(key) ?? []), content]);
  }
  const links = [...html.matchAll(/<link\s[^>]*>/g)].map(([tag]) => tag);
  const canonical = links.find((tag) => attr(tag, 'rel') === 'canonical');
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return {
    title: title === undefined ? null : unescape(title),
    meta,
    canonical: canonical ? (attr(canonical, 'href') ?? null) : null,
    alternates: links
      .filter((tag) => attr(tag, 'rel') === 'alternate' && attr(tag, 'hreflang'))
      .map((tag) => ({ hreflang: attr(tag, 'hreflang')!, href: attr(tag, 'href')! })),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      ([, json]) => JSON.parse(json!) as Record<string, unknown>,
    ),
  };
}
