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

  it("puts a rendered page's stylesheets last in the head, after the entry's, as the app would add them", () => {
    const tenant = registry.byCode.get('songkhoe')!;
    const withEntryCss = template.replace(
      '</head>',
      '<link rel="stylesheet" href="/assets/index.css"></head>',
    );
    const html = renderIndexHtml(withEntryCss, tenant, {
      stylesheets: '<link rel="stylesheet" href="/assets/home-page.css">',
      rendered: { html: '<main></main>', state: '{}' },
    });
    expect(html).toContain(
      '<link rel="stylesheet" href="/assets/index.css"><link rel="stylesheet" href="/assets/home-page.css"></head>',
    );
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
