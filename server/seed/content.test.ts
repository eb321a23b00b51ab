import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../lib/sanitize-html';
import { blogHtml } from './content';
import { BLOG_TOPICS, type BlogTopic } from './data/blogs';

/**
 * The seed stores its articles' bodies without running the blog's HTML filter: they must already be
 * what the filter keeps, so the stored demo articles are the same as if each had been filtered.
 */
describe('seeded article bodies', () => {
  it('are kept byte for byte by the blog HTML filter, in both languages', async () => {
    expect(BLOG_TOPICS.length).toBeGreaterThan(10);
    for (const topic of BLOG_TOPICS) {
      for (const lang of ['vi', 'en'] as const) {
        const html = blogHtml(topic, lang);
        expect(await sanitizeHtml(html), `${topic.title.en} (${lang})`).toBe(html);
      }
    }
  });

  it('keep markup-like text as text: quotes, ampersands and tags survive the filter unchanged', async () => {
    const hostile = '"Giờ vàng" & <script>alert(1)</script> <b onclick="x">đậm</b>';
    const topic: BlogTopic = {
      ...BLOG_TOPICS[0]!,
      intro: { vi: hostile, en: hostile },
      items: [{ vi: '<img src=x onerror=alert(1)>', en: 'a < b > c' }],
    };
    for (const lang of ['vi', 'en'] as const) {
      const html = blogHtml(topic, lang);
      expect(html).not.toMatch(/<(script|b|img)\b/);
      expect(await sanitizeHtml(html)).toBe(html);
    }
  });
});
