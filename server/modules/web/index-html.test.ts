import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../tests/helpers/test-app';
import { loadTenantRegistry } from '../../tenancy/registry';
import { renderIndexHtml } from './index-html';

const registry = loadTenantRegistry({
  tenantsDir: path.join(ROOT, 'tenants'),
  themesDir: path.join(ROOT, 'themes'),
  defaultCode: 'songkhoe',
});
const template =
  '<!doctype html><html lang="vi"><head><!--tenant-head--></head><body><div id="root"><!--tenant-shell--></div></body></html>';

describe('index.html per tenant', () => {
  it('names the tenant in the head and in the loading shell, in its default language', () => {
    const saomai = registry.byCode.get('saomai')!;
    const lang = saomai.config.languages.default;
    const html = renderIndexHtml(template, saomai);
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(`<title>${saomai.config.name[lang]}</title>`);
    const shell = /<div id="root">(.*)<\/div>/.exec(html)?.[1] ?? '';
    expect(shell).toContain(`<p class="sk-shell-brand">${saomai.config.name[lang]}</p>`);
    expect(shell).toContain(`<p role="status">${lang === 'en' ? 'Loading…' : 'Đang tải…'}</p>`);
  });

  it('embeds the boot bundle as inert JSON that no text in it can break out of', () => {
    const tenant = registry.byCode.get('songkhoe')!;
    const bundle = { companyCode: 'songkhoe', note: '</script><script>alert(1)</script>' };
    const html = renderIndexHtml(template, tenant, { bootJson: JSON.stringify(bundle) });
    const block = /<script type="application\/json" id="sk-boot">(.*?)<\/script>/.exec(html)?.[1];
    expect(block).toBeDefined();
    expect(block).not.toContain('<');
    expect(JSON.parse(block!)).toEqual(bundle);
    expect(renderIndexHtml(template, tenant)).not.toContain('sk-boot');
  });

  describe("the page's code", () => {
    const tenant = registry.byCode.get('songkhoe')!;
    // As Vite writes the entry and its imports into index.html.
    const built = template.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/vendor.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>',
    );
    const code = { scripts: ['/assets/home-page.js', '/assets/vi.js'], styles: ['/assets/home-page.css'] };

    it('the loading shell: the entry as built, low-priority hints for the page', () => {
      const html = renderIndexHtml(built, tenant, { code });
      expect(html).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
      expect(html).toContain(
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-page.js">',
      );
      expect(html).toContain(
        '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/home-page.css">',
      );
      expect(html).not.toContain('sk-code');
    });

    it('a rendered page: its CSS last in the head, all its code asked for after the first paint', () => {
      const html = renderIndexHtml(built, tenant, { code, rendered: { html: '<main></main>', state: '{}' } });
      expect(html).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/index.css"><link rel="stylesheet" href="/assets/home-page.css"></head>',
      );
      // No script or preload the parser would fetch at once: only the small starter and the list.
      expect(html).not.toMatch(/<script type="module" crossorigin src=|rel="modulepreload"/);
      expect(html).toContain('<script type="module" src="/start-after-paint.js"></script>');
      const list = /<script type="application\/json" id="sk-code">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(list!)).toEqual([
        '/assets/index.js',
        '/assets/vendor.js',
        '/assets/home-page.js',
        '/assets/vi.js',
      ]);
    });
  });

  it('escapes the names it writes into the page', () => {
    const tenant = registry.byCode.get('songkhoe')!;
    const lang = tenant.config.languages.default;
    const hostile = {
      ...tenant,
      config: { ...tenant.config, name: { ...tenant.config.name, [lang]: '<script>alert(1)</script>' } },
    };
    const html = renderIndexHtml(template, hostile);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows an unknown portal no tenant name, only a bilingual loading status', () => {
    const html = renderIndexHtml(template, null);
    expect(html).toContain('<title>Portal not found</title>');
    expect(html).not.toContain('sk-shell-brand');
    expect(html).toContain('Đang tải… / Loading…');
    for (const tenant of registry.byCode.values()) expect(html).not.toContain(tenant.config.name.vi);
  });
});
