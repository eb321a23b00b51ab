import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addAppointment } from '../../server/modules/appointments/care-fixtures';
import { createStorage } from '../../server/services/storage/index';
import {
  expectSafeDisposition,
  grant,
  keyOf,
  listFiles,
  PDF,
  PNG,
  put,
  SAFE_KEY,
  send,
  STORED_PATH,
  TEXT,
  upload,
} from './health-data-walk-support';
import { nextSlot, type World } from './health-data-world';

/**
 * The storage half of the issue-8 security walk (called by health-data-walk.test.ts after the
 * walk, on its world): signed URLs refuse tampering, another key or tenant and expiry; private
 * upload grants need a session and are single use; B cannot link A's uploads; a lying declared
 * type is refused; hostile file names never reach a key, a path or a header.
 */
export function describeStorageChecks(world: () => World) {
  let w: World;
  let A: World['A'], B: World['B'], NOBODY: World['NOBODY'];
  let ids: World['ids'], urls: World['urls'];
  const storedFiles = () => listFiles(w.dataDir);
  beforeAll(() => {
    w = world();
    ({ A, B, NOBODY, ids, urls } = w);
  });

  describe('download URLs', () => {
    const signedPath = (url: string) => {
      const u = new URL(url, 'http://127.0.0.1:8080');
      return `${u.pathname}${u.search}`;
    };
    const fetchSigned = (url: string, method: 'GET' | 'PUT' = 'GET', body?: Buffer, type = 'image/png') =>
      w.t.app.inject({
        method,
        url: signedPath(url),
        ...(body ? { payload: body, headers: { 'content-type': type } } : {}),
      });

    it('a signed download URL works as issued, and not tampered, moved to another file or tenant, or expired', async () => {
      const storage = createStorage(w.t.env);
      const key = keyOf(urls.attachment!);
      const options = {
        fileName: 'a"\r\nSet-Cookie: x=1.png',
        contentType: 'image/png',
        disposition: 'attachment' as const,
        expiresInSeconds: 60,
      };
      const url = await storage.presignGet('songhong', key, options);
      const good = await fetchSigned(url);
      expect(good.statusCode).toBe(200);
      expect(good.rawPayload.equals(PNG)).toBe(true);
      expectSafeDisposition(good.headers['content-disposition']);
      expect(good.headers['set-cookie']).toBeUndefined();
      const u = new URL(url, 'http://127.0.0.1:8080');
      const tampered = (name: string, value: string) => {
        const copy = new URL(u);
        copy.searchParams.set(name, value);
        return copy.href;
      };
      const sig = u.searchParams.get('s')!;
      const other = keyOf(w.urls.attachment!).replace(
        /^[^/]+\/[0-9a-f]/,
        (m) => m.slice(0, -1) + (m.endsWith('0') ? '1' : '0'),
      );
      for (const bad of [
        tampered('s', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`),
        tampered('e', String(Number(u.searchParams.get('e')) + 3600)),
        tampered('n', 'other.png'),
        tampered('t', 'text/html'),
        u.href.replace('/songhong/', '/songkhoe/'),
        u.href.replace(key, other),
        u.href.replace(/[?].*$/, ''),
      ]) {
        expect((await fetchSigned(bad)).statusCode, bad).toBe(403);
      }
      const short = await storage.presignGet('songhong', key, { ...options, expiresInSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await fetchSigned(short)).statusCode).toBe(403);
    });

    it('a signed upload URL takes only its signed type, key and tenant, and not after it expires', async () => {
      const storage = createStorage(w.t.env);
      const key = `incoming/HealthRecords/${randomUUID()}.png`;
      const url = await storage.presignPut('songhong', key, 'image/png', 60);
      const u = new URL(url, 'http://127.0.0.1:8080');
      expect((await fetchSigned(url, 'PUT', PNG, 'text/html')).statusCode).toBe(403);
      expect((await fetchSigned(u.href.replace('/songhong/', '/songkhoe/'), 'PUT', PNG)).statusCode).toBe(
        403,
      );
      expect(
        (await fetchSigned(u.href.replace(key, `incoming/HealthRecords/${randomUUID()}.png`), 'PUT', PNG))
          .statusCode,
      ).toBe(403);
      expect((await fetchSigned(url, 'PUT', PNG)).statusCode).toBe(200);
      const short = await storage.presignPut(
        'songhong',
        `incoming/HealthRecords/${randomUUID()}.png`,
        'image/png',
        1,
      );
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await fetchSigned(short, 'PUT', PNG)).statusCode).toBe(403);
    });
  });

  describe('uploads', () => {
    beforeAll(async () => {
      // The walk ended with A withdrawing the health-data consent: given again for new records.
      const version = w.t.registry.byCode.get('songhong')!.config.privacy.healthDataConsent.version;
      for (const who of [A, B]) {
        const given = await send(w.t.app, who, {
          method: 'POST',
          url: '/api/v1/Users/GiveHealthDataConsent',
          payload: { version },
        });
        expect(given.status, given.body).toBe(200);
      }
    });

    it('private grants need a session; a used or foreign upload URL is refused', async () => {
      const anonymous = await grant(w.t.app, NOBODY, {
        folder: 'Attachments',
        type: 'image/png',
        name: 'x.png',
      });
      expect(anonymous.res.status).toBe(401);
      const g = await grant(w.t.app, A, { folder: 'Attachments', type: 'image/png', name: 'x.png' });
      expect((await put(w.t.app, g.uploadUrl!, PNG, 'image/png')).statusCode).toBe(200);
      // Single use: B (or anyone) replaying A's URL cannot replace A's bytes.
      const again = await put(w.t.app, g.uploadUrl!, PDF, 'application/pdf');
      expect(again.statusCode).toBe(404);
      // The same token under another tenant's code names nothing there.
      const moved = g.uploadUrl!.replace('/songhong/', '/songkhoe/');
      expect((await put(w.t.app, moved, PNG, 'image/png')).statusCode).toBe(404);
    });

    it("B cannot link A's uploaded file to B's own record (upload_url_invalid)", async () => {
      const fresh = await upload(w.t.app, A, {
        folder: 'Attachments',
        type: 'image/png',
        name: 'a.png',
        bytes: PNG,
      });
      const res = await send(w.t.app, B, {
        method: 'POST',
        url: '/api/v1/Appointments/AddAttachments',
        payload: { appointmentId: ids.bAppointment, files: [{ fileHttpUrl: fresh }] },
      });
      expect(res.status, res.body).toBe(400);
      const record = await upload(w.t.app, A, {
        folder: 'HealthRecords',
        type: 'image/png',
        name: 'a.png',
        bytes: PNG,
      });
      const taken = await send(w.t.app, B, {
        method: 'POST',
        url: '/api/v1/Users/CreateUserHealthRecord',
        payload: {
          patientId: B.user!.patientId,
          recordName: 'Của B',
          remark: 'B',
          healthRecordType: 0,
          files: [{ fileHttpUrl: record }],
        },
      });
      expect(taken.status, taken.body).toBe(400);
      expect(taken.json.errors).toEqual(['upload_url_invalid']);
      const mine = await send(w.t.app, A, {
        method: 'POST',
        url: '/api/v1/Users/CreateUserHealthRecord',
        payload: {
          patientId: A.user!.patientId,
          recordName: 'Của A',
          remark: 'A',
          healthRecordType: 0,
          files: [{ fileHttpUrl: record }],
        },
      });
      expect(mine.status, mine.body).toBe(200);
      // The file stays A's to link.
      const own = await send(w.t.app, A, {
        method: 'POST',
        url: '/api/v1/Appointments/AddAttachments',
        payload: { appointmentId: ids.appointment, files: [{ fileHttpUrl: fresh }] },
      });
      expect(own.status, own.body).toBe(200);
    });

    it.each([
      ['PDF bytes declared image/png', 'image/png', 'scan.png', PDF],
      ['a text file declared application/pdf', 'application/pdf', 'report.pdf', TEXT],
      ['PNG bytes declared application/pdf', 'application/pdf', 'report.pdf', PNG],
    ] as const)('refuses %s and stores nothing', async (_, type, name, bytes) => {
      const g = await grant(w.t.app, A, { folder: 'Attachments', type, name });
      expect(g.res.status).toBe(200);
      const res = await put(w.t.app, g.uploadUrl!, bytes, type);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(['invalid_file_type']);
      expect(storedFiles().some((f) => f.endsWith(keyOf(g.fileHttpUrl!)))).toBe(false);
    });

    const HOSTILE = [
      '../../etc/passwd',
      'a"\r\nSet-Cookie: x=1.pdf',
      '<script>alert(1)</script>.png',
      `${'Kết quả xét nghiệm máu của bệnh nhân '.repeat(5)}📄.pdf`,
      '..\\..\\windows\\win.ini.pdf',
      '%2e%2e%2f%2e%2e%2fetc.pdf',
    ];
    it.each(HOSTILE)('a hostile file name never reaches a key, a path or a header: %j', async (name) => {
      const type = name.endsWith('.png') ? 'image/png' : 'application/pdf';
      const bytes = type === 'image/png' ? PNG : PDF;
      const appointmentId = await addAppointment(w.t.db, 'songhong', A.user!, {
        doctorId: ids.doctor!,
        startsAt: nextSlot(),
      });
      const g = await grant(w.t.app, A, { folder: 'Attachments', type, name });
      expect(g.res.status, g.res.body).toBe(200);
      expect(keyOf(g.fileHttpUrl!)).toMatch(SAFE_KEY);
      expect(g.uploadUrl).toMatch(
        /^http:\/\/127\.0\.0\.1:8080\/api\/v1\/Storages\/Upload\/songhong\/[A-Za-z0-9_-]+$/,
      );
      expect((await put(w.t.app, g.uploadUrl!, bytes, type)).statusCode).toBe(200);
      const added = await send(w.t.app, A, {
        method: 'POST',
        url: '/api/v1/Appointments/AddAttachments',
        payload: { appointmentId, files: [{ fileHttpUrl: g.fileHttpUrl }] },
      });
      expect(added.status, added.body).toBe(200);
      const attachment = (added.json.data as { attachmentId: number; fileName: string }[]).find(
        (f) => f.fileName === name,
      );
      expect(attachment, 'the name is kept as data').toBeTruthy();
      const file = await send(w.t.app, A, {
        method: 'GET',
        url: `/api/v1/Appointments/Attachments/${attachment!.attachmentId}/file`,
      });
      expect(file.status).toBe(200);
      expectSafeDisposition(file.headers['content-disposition']);
      expect(file.headers['set-cookie']).toBeUndefined();
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      // The same name on a health record file, downloaded as an attachment.
      const recordFile = await upload(w.t.app, A, { folder: 'HealthRecords', type, name, bytes });
      expect(keyOf(recordFile)).toMatch(SAFE_KEY);
      const record = await send(w.t.app, A, {
        method: 'POST',
        url: '/api/v1/Users/CreateUserHealthRecord',
        payload: {
          patientId: A.user!.patientId,
          recordName: name.slice(0, 200),
          remark: name,
          healthRecordType: 0,
          files: [{ fileHttpUrl: recordFile }],
        },
      });
      expect(record.status, record.body).toBe(200);
      expect(record.json.data.files[0].fileName).toBe(name);
      const download = await send(w.t.app, A, {
        method: 'GET',
        url: `/api/v1/Users/ViewFileHeathRecord?id=${record.json.data.files[0].fileId}&download=true`,
      });
      expect(download.status).toBe(200);
      expectSafeDisposition(download.headers['content-disposition']);
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      expect(download.headers['set-cookie']).toBeUndefined();
      for (const f of storedFiles()) expect(f).toMatch(STORED_PATH);
    });

    it('refuses a file name longer than 200 characters', async () => {
      const g = await grant(w.t.app, A, {
        folder: 'Attachments',
        type: 'application/pdf',
        name: `${'ệ'.repeat(300)}.pdf`,
      });
      expect(g.res.status).toBe(400);
    });
  });
}
