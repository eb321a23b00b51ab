import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../appointments/care-fixtures';
import { setConfirmationFontDir } from './confirmation-pdf';
import {
  admin,
  appointment,
  call,
  createWorld,
  JPEG,
  multipartBody,
  PNG,
  requestFrom,
  storedSignatures,
  user,
  type World,
} from './test-fixtures';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const SIGN = (id: number) => `Appointments/SignatureHospitalBillCoverageConfirmForWeb/${id}`;

/** A user with an approved request (unless `approve` is false). */
async function approved(approve = true) {
  const u = await user(w);
  const id = await requestFrom(w, 'songhong', u, await appointment(w, 'songhong', u));
  if (approve)
    expect((await admin(w, 'approve', 'songhong', String(id), '--amount', '3000000')).code).toBe(0);
  return { u, id };
}

const sign = (token: string, id: number, parts: Parameters<typeof multipartBody>[0]) => {
  const { payload, headers } = multipartBody(parts);
  return call(w, 'songhong', token, 'POST', SIGN(id), undefined, { payload, headers });
};

const signature = (data: Buffer = PNG) => [{ name: 'Files', fileName: 'signature.png', data }];

describe('signed confirmation (SignatureHospitalBillCoverageConfirmForWeb)', () => {
  it('stores the PNG of an approved request, marks it signed, and serves it to the owner only', async () => {
    const { u, id } = await approved();
    const before = storedSignatures(w, 'songhong').length;
    const r = await sign(u.token, id, signature());
    expect(r.status).toBe(200);
    expect(r.json.data.success).toBe(true);
    expect(r.json.data.feeGuarantee).toMatchObject({ status: 'signed', approvedAmount: 3_000_000 });
    expect(r.json.data.feeGuarantee.signedAt).toEqual(expect.any(String));
    expect(storedSignatures(w, 'songhong')).toHaveLength(before + 1);
    const row = await asOwner(w.t.db, 'songhong', (sql) =>
      sql.query<{ signature_file_key: string; signer_ip: string }>(
        'SELECT signature_file_key, signer_ip FROM fee_guarantee_requests WHERE fee_guarantee_id = $1',
        [id],
      ),
    );
    expect(row.rows[0]!.signature_file_key).toMatch(/^Signatures\/[0-9a-f-]{36}\.png$/);
    expect(row.rows[0]!.signer_ip).toBeTruthy();
    const file = await call(w, 'songhong', u.token, 'GET', `HospitalBillCoverages/ViewSignature/${id}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.body.equals(PNG)).toBe(true);
    // Only once.
    const again = await sign(u.token, id, signature());
    expect([again.status, again.json.codeMessageRespond]).toEqual([409, 'fee_guarantee_already_signed']);
    expect(storedSignatures(w, 'songhong')).toHaveLength(before + 1);
  });

  it('refuses a request that is waiting, rejected or cancelled, storing nothing', async () => {
    const before = storedSignatures(w, 'songhong').length;
    const waiting = await approved(false);
    const r1 = await sign(waiting.u.token, waiting.id, signature());
    expect([r1.status, r1.json.codeMessageRespond, r1.json.isSuccess]).toEqual([
      409,
      'fee_guarantee_not_approved',
      false,
    ]);
    await admin(w, 'reject', 'songhong', String(waiting.id), '--reason', 'Không đủ điều kiện');
    const r2 = await sign(waiting.u.token, waiting.id, signature());
    expect([r2.status, r2.json.codeMessageRespond]).toEqual([409, 'fee_guarantee_not_approved']);
    const cancelled = await approved(false);
    await call(
      w,
      'songhong',
      cancelled.u.token,
      'POST',
      `HospitalBillCoverages/CancelHospitalBillCoverage/${cancelled.id}`,
    );
    const r3 = await sign(cancelled.u.token, cancelled.id, signature());
    expect([r3.status, r3.json.codeMessageRespond]).toEqual([409, 'fee_guarantee_not_approved']);
    const view = await call(
      w,
      'songhong',
      waiting.u.token,
      'GET',
      `HospitalBillCoverages/ViewSignature/${waiting.id}`,
    );
    expect(view.status).toBe(404);
    expect(storedSignatures(w, 'songhong')).toHaveLength(before);
  });

  it('refuses bad bodies with a 4xx key and stores nothing; the request stays approved', async () => {
    const { u, id } = await approved();
    const before = storedSignatures(w, 'songhong').length;
    const cases: [string, Parameters<typeof multipartBody>[0], string][] = [
      ['JPEG bytes named .png', signature(JPEG), 'invalid_file_type'],
      ['text named .png', signature(Buffer.from('<svg onload="alert(1)"/>')), 'invalid_file_type'],
      ['over 2 MB', signature(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 7)])), 'file_too_large'],
      ['two files', [...signature(), ...signature()], 'too_many_files'],
      ['no file', [], 'signature_required'],
      ['another field name', [{ name: 'Other', fileName: 's.png', data: PNG }], 'invalid_request'],
      ['a text field', [{ name: 'note', data: 'hello' }, ...signature()], 'invalid_request'],
    ];
    for (const [label, parts, key] of cases) {
      const r = await sign(u.token, id, parts);
      expect([label, r.status, r.json?.errors]).toEqual([label, 400, [key]]);
    }
    const json = await call(w, 'songhong', u.token, 'POST', SIGN(id), { Files: 'x' });
    expect(json.status).toBe(400);
    expect(storedSignatures(w, 'songhong')).toHaveLength(before);
    const still = await call(
      w,
      'songhong',
      u.token,
      'GET',
      `HospitalBillCoverages/GetHospitalBillCoverage/${id}`,
    );
    expect(still.json.data.status).toBe('approved');
    // And then a proper signature still works.
    expect((await sign(u.token, id, signature())).status).toBe(200);
  });

  it('a stranger cannot sign another user’s approved request; nothing is stored', async () => {
    const { id } = await approved();
    const stranger = await user(w);
    const before = storedSignatures(w, 'songhong').length;
    const r = await sign(stranger.token, id, signature());
    expect([r.status, r.json.codeMessageRespond]).toEqual([404, 'fee_guarantee_not_found']);
    expect(storedSignatures(w, 'songhong')).toHaveLength(before);
  });

  it('deletes the stored object again when the database refuses the update after the put', async () => {
    const { u, id } = await approved();
    // The database fails the `signed` update of this one request (after the file was put).
    await w.t.db.owner(async (sql) => {
      await sql.query(`CREATE FUNCTION fail_fee_guarantee_${id}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.fee_guarantee_id = ${id} AND NEW.status = 'signed' THEN RAISE EXCEPTION 'disk full'; END IF;
        RETURN NEW; END $$`);
      await sql.query(`CREATE TRIGGER fail_fee_guarantee_${id} BEFORE UPDATE ON fee_guarantee_requests
        FOR EACH ROW EXECUTE FUNCTION fail_fee_guarantee_${id}()`);
    });
    const before = storedSignatures(w, 'songhong').length;
    const r = await sign(u.token, id, signature());
    expect(r.status).toBe(500);
    expect(r.json.isSuccess).toBe(false);
    expect(storedSignatures(w, 'songhong')).toHaveLength(before);
    await w.t.db.owner((sql) => sql.query(`DROP TRIGGER fail_fee_guarantee_${id} ON fee_guarantee_requests`));
    const still = await call(
      w,
      'songhong',
      u.token,
      'GET',
      `HospitalBillCoverages/GetHospitalBillCoverage/${id}`,
    );
    expect(still.json.data.status).toBe('approved');
  });

  it('the signed confirmation PDF: owner only, once signed, logged as a download', async () => {
    const { u, id } = await approved();
    const pdf = `HospitalBillCoverages/GetConfirmationPdf/${id}`;
    const early = await call(w, 'songhong', u.token, 'GET', pdf);
    expect([early.status, early.json.codeMessageRespond]).toEqual([409, 'fee_guarantee_not_signed']);
    await sign(u.token, id, signature());
    setConfirmationFontDir('/nonexistent/fonts');
    try {
      const missing = await call(w, 'songhong', u.token, 'GET', pdf);
      expect([missing.status, missing.json.codeMessageRespond]).toEqual([503, 'confirmation_unavailable']);
    } finally {
      setConfirmationFontDir(null);
    }
    if (existsSync('/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf')) {
      const r = await call(w, 'songhong', u.token, 'GET', pdf);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(String(r.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
      // Dated at the signing: the same confirmation always gives the same bytes.
      const again = await call(w, 'songhong', u.token, 'GET', pdf);
      expect(again.body.equals(r.body)).toBe(true);
    }
    const log = await asOwner(w.t.db, 'songhong', (sql) =>
      sql.query<{ n: string }>(
        `SELECT count(*) AS n FROM data_access_log WHERE user_id = $1 AND action = 'download' AND resource_id = $2`,
        [u.userId, id],
      ),
    );
    expect(Number(log.rows[0]!.n)).toBeGreaterThanOrEqual(1);
  });

  it('exports the requests and signature files, and erases them at purge', async () => {
    const { feeGuaranteeSection } = await import('./index');
    const { u, id } = await approved();
    await sign(u.token, id, signature());
    const out = await w.t.db.tenant('songhong', (sql) => feeGuaranteeSection.export(sql, u.userId));
    expect(out.data).toEqual([expect.objectContaining({ feeGuaranteeId: id, status: 'signed' })]);
    expect(out.files).toEqual([
      { archivePath: `fee-guarantees/${id}/signature.png`, fileKey: expect.stringMatching(/^Signatures\//) },
    ]);
    const keys = await w.t.db.tenant('songhong', (sql) => feeGuaranteeSection.erase(sql, u.userId));
    expect(keys).toEqual([out.files[0]!.fileKey]);
    const list = await call(
      w,
      'songhong',
      u.token,
      'GET',
      'HospitalBillCoverages/GetMyHospitalBillCoverages',
    );
    expect(list.json.data.feeGuarantees).toEqual([]);
  });
});
