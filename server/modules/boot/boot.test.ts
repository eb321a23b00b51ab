import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const boot = async (code: string, lang = 'vi') =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/Tenants/Boot',
      headers: tenantHeaders(code, { 'x-accept-language': lang }),
    })
  ).json();

describe('GET /api/v1/Tenants/Boot', () => {
  it('returns each tenant its own brand, flags, theme and layout in the envelope', async () => {
    const [songkhoe, songhong, saomai] = await Promise.all([
      boot('songkhoe'),
      boot('songhong'),
      boot('saomai'),
    ]);
    expect(songkhoe).toMatchObject({ isSuccess: true, codeMessageRespond: null, errors: null });
    expect(songkhoe.data.name.vi).toBe('Sống Khỏe');
    expect(songhong.data.name.vi).toBe('Bệnh viện Đa khoa Sông Hồng');
    expect(saomai.data.languages.default).toBe('en');
    expect(saomai.data.features).toMatchObject({
      video: false,
      homeVisit: false,
      wallet: false,
      membership: false,
    });
    expect(songhong.data.features.video).toBe(true);
    expect(new Set([songkhoe, songhong, saomai].map((b) => b.data.theme.color.primary)).size).toBe(3);
    expect(saomai.data.navigation.header).not.toContain('healthPrograms');
    expect(songhong.data.home.sections[1]).toBe('TopHospital');
    // The public booking rules the booking page shows (never the payment provider settings).
    expect(songhong.data.booking).toMatchObject({
      timeZone: 'Asia/Ho_Chi_Minh',
      holdMinutes: 10,
      maxDaysAhead: 30,
    });
    expect(Object.keys(songhong.data.booking).sort()).toEqual([
      'holdMinutes',
      'maxDaysAhead',
      'paymentMethods',
      'sameDayCutoff',
      'timeZone',
    ]);
  });

  it('resolves the logo to a URL the browser can load and fills companyCode', async () => {
    const bundle = await boot('songhong');
    expect(bundle.data.companyInfo.logo).toBe('/api/v1/Tenants/songhong/assets/logo.svg');
    expect(bundle.data.companyInfo.companyCode).toBe('songhong');
    const logo = await t.app.inject({ method: 'GET', url: bundle.data.companyInfo.logo });
    expect(logo.statusCode).toBe(200);
  });

  it('names the company and its address in both languages, the spec fields in the request language', async () => {
    const [vi, en] = [(await boot('songhong')).data, (await boot('songhong', 'en')).data];
    expect(en.legalName).toEqual({
      vi: 'Bệnh viện Đa khoa Sông Hồng (demo)',
      en: 'Song Hong General Hospital (demo)',
    });
    expect(en.contactAddress.en).toBe('88 Lo Duc Street, Hai Ba Trung Ward, Ha Noi');
    expect(vi.contactAddress).toEqual(en.contactAddress);
    expect(en.companyInfo.hospitalFullName).toBe('Song Hong General Hospital (demo)');
    expect(en.siteConfig.sitContactAddress).toBe('88 Lo Duc Street, Hai Ba Trung Ward, Ha Noi');
    expect(vi.companyInfo.hospitalFullName).toBe('Bệnh viện Đa khoa Sông Hồng (demo)');
    expect(vi.siteConfig.sitContactAddress).toBe('88 Phố Lò Đúc, Phường Hai Bà Trưng, Hà Nội');
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Common/GetLogoHospital',
      headers: tenantHeaders('saomai', { 'x-accept-language': 'en' }),
    });
    expect(info.json().data.hospitalFullName).toBe('Sao Mai Family Clinic (demo)');
  });

  it('serves company info and site config under their spec paths', async () => {
    const info = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/Common/GetLogoHospital',
        headers: tenantHeaders('songkhoe'),
      })
    ).json();
    expect(info.data.hotlineCSKH).toBe('1900 6868');
    const config = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/Configs/GetConfig?deviceType=0',
        headers: tenantHeaders('songkhoe'),
      })
    ).json();
    expect(config.data.siteContactEmail).toBe('lienhe@songkhoe.example');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Configs/GetConfig?deviceType=web',
      headers: tenantHeaders('songkhoe'),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('translates server messages into the requested language', async () => {
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Tenants/Boot',
      headers: { companycode: 'nobody', 'x-accept-language': 'en' },
    });
    expect(en.json().message).toBe('This portal does not exist.');
    const vi = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Tenants/Boot',
      headers: { companycode: 'nobody', 'x-accept-language': 'vi' },
    });
    expect(vi.json().message).toBe('Không tìm thấy cổng thông tin này.');
  });
});
