import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../tests/helpers/test-app';
import { command as messagesCommand } from '../../admin/commands/messages';
import { loadTenantRegistry, type Tenant } from '../../tenancy/registry';
import { MESSAGE_EVENT_NAMES, renderMessage, samplePayload } from './index';

/** The messages' templates per tenant and language, from the tenants' folders: no database. */

const A = 'songhong';
const registry = loadTenantRegistry({
  tenantsDir: path.join(ROOT, 'tenants'),
  themesDir: path.join(ROOT, 'themes'),
  defaultCode: 'songkhoe',
});
const tenant = (code: string): Tenant => registry.byCode.get(code)!;
const tenantsDir = mkdtempSync(path.join(tmpdir(), 'messages-tenants-'));
afterAll(() => rmSync(tenantsDir, { recursive: true, force: true }));

describe('templates', () => {
  it('renders every event in both languages for every tenant, every value filled, SMS in one part', () => {
    for (const code of registry.byCode.keys()) {
      for (const event of MESSAGE_EVENT_NAMES) {
        for (const lang of ['vi', 'en'] as const) {
          const m = renderMessage(tenant(code), event, lang, samplePayload(event));
          for (const part of [m.title, m.body, m.subject, m.text, m.html, m.sms]) {
            expect(part, `${code} ${event} ${lang}`).not.toMatch(/\{\{|\}\}|undefined|\[object/);
          }
          expect(m.subject.startsWith(`${tenant(code).config.name[lang]}: `)).toBe(true);
          expect(m.sms, `${event} ${lang}: ${m.sms}`).toMatch(/^[\x20-\x7e]+$/);
          expect(m.smsParts, `${event} ${lang}: ${m.sms}`).toBe(1);
        }
      }
    }
  });

  it('puts the time in the hospital zone, the place, how to cancel, and escapes values in HTML', () => {
    const payload = {
      ...samplePayload('booking-confirmed'),
      startsAt: '2030-03-05T02:00:00.000Z',
      patientName: '<script>alert(1)</script>',
    };
    const vi = renderMessage(tenant(A), 'booking-confirmed', 'vi', payload);
    expect(vi.text).toContain('09:00 ngày 05/03/2030 (giờ Việt Nam (GMT+7))');
    expect(vi.text).toContain('Phòng khám Tim mạch');
    expect(vi.text).toContain('huỷ hoặc đổi lịch');
    expect(vi.text).toContain('<script>alert(1)</script>'); // plain text stays as typed
    expect(vi.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(vi.html).not.toContain('<script>');
    expect(vi.html).toContain(tenant(A).theme.color.primary);
    expect(vi.html).toContain('Bệnh viện Đa khoa Sông Hồng');
    const unicode = renderMessage(tenant(A), 'booking-confirmed', 'vi', payload, { smsUnicode: true });
    expect(unicode.sms).toContain('lịch hẹn');
    expect(vi.sms).toContain('lich hen');
  });

  it('takes a tenant’s own texts, layout and brand from its folder', () => {
    const folder = path.join(tenantsDir, 'songhong');
    cpSync(tenant(A).folder, folder, { recursive: true });
    mkdirSync(path.join(folder, 'messages'), { recursive: true });
    writeFileSync(
      path.join(folder, 'messages', 'booking-confirmed.vi.title.hbs'),
      'Hẹn {{number}} đã chốt\n',
    );
    writeFileSync(
      path.join(folder, 'messages', 'layout.html.hbs'),
      '<html><body style="color:{{brand.primary}}">{{brand.senderName}} | {{title}} | {{brand.footer}}</body></html>',
    );
    writeFileSync(
      path.join(folder, 'messages', 'brand.json'),
      JSON.stringify({
        senderName: { vi: 'BV Sông Hồng' },
        primaryColor: '#123456',
        footer: { vi: 'Chân thư riêng' },
      }),
    );
    const own: Tenant = { ...tenant(A), folder };
    const m = renderMessage(own, 'booking-confirmed', 'vi', samplePayload('booking-confirmed'));
    expect(m.title).toBe('Hẹn LH2607-0041 đã chốt');
    expect(m.html).toBe(
      '<html><body style="color:#123456">BV Sông Hồng | Hẹn LH2607-0041 đã chốt | Chân thư riêng</body></html>',
    );
    // English has no override: the server's default.
    expect(renderMessage(own, 'booking-confirmed', 'en', samplePayload('booking-confirmed')).title).toBe(
      'Appointment LH2607-0041 confirmed',
    );
  });

  it('previews an event for the operator', async () => {
    const lines: string[] = [];
    const run = (args: string[]) =>
      // A preview reads the templates only, never the database.
      messagesCommand.run({ db: undefined as never, registry, args, print: (l) => lines.push(l) });
    expect(await run(['preview', A, 'appointment-cancelled', 'vi'])).toBe(0);
    const out = lines.join('\n');
    expect(out).toContain('Bệnh viện Đa khoa Sông Hồng: Lịch hẹn LH2607-0041 đã bị huỷ');
    expect(out).toContain('<!doctype html>');
    expect(out).toMatch(/== sms \(\d+ characters, 1 SMS\)/);
    expect(await run(['preview', A, 'no-such-event', 'vi'])).toBe(2);
  });
});
