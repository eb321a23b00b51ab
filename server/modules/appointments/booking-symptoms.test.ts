import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import {
  addSlot,
  asOwner,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  get,
  rows,
  type Booker,
  type DoctorWorld,
} from './booking-fixtures';
import { setBookingNow } from './clock';

/**
 * MakeAppointment's symptom choice (schemas/symptom-choice.ts): presets, the patient's own words
 * (`otherSymptom`) or "not sure" (`symptomsUnknown`); at least one, "not sure" alone.
 */
let t: TestApp;
let hong: DoctorWorld;
let mai: DoctorWorld;
beforeAll(async () => {
  t = await createBookingApp();
  hong = await createDoctor(t, 'songhong');
  mai = await createDoctor(t, 'saomai');
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

const detail = (b: Booker, id: number, lang = 'vi') =>
  get(t, b.tenant, `Appointments/GetAppointment/${id}?languageId=${lang === 'en' ? 1 : 2}`, {
    authorization: `Bearer ${b.token}`,
    'x-accept-language': lang,
  });

/** The booker's appointments and the slot's places, to prove a refusal stored nothing. */
async function stored(b: Booker, slotId: number) {
  const appointments = await rows(t, b.tenant, 'SELECT 1 FROM appointments WHERE user_id = $1', [b.userId]);
  const [slot] = await rows<{ booked_count: number }>(
    t,
    b.tenant,
    'SELECT booked_count FROM doctor_slots WHERE slot_id = $1',
    [slotId],
  );
  return { appointments: appointments.length, booked: slot!.booked_count };
}

describe('MakeAppointment: symptoms in the patient’s own words or "not sure"', () => {
  it('books with only a described symptom, stored NFC and trimmed, shown in the detail', async () => {
    const b = await createBooker(t, 'songhong');
    const slotId = await addSlot(t, hong, at(1, '09:00'));
    // "về" typed with combining marks (as some keyboards do) and surrounded by spaces.
    const typed = '  Ho khan ve\u0302\u0300 đêm \n';
    const r = await book(t, hong, b, slotId, { symptomIds: [], otherSymptom: typed });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = r.json.data.appointmentId;
    const [row] = await rows(
      t,
      'songhong',
      'SELECT other_symptom, symptoms_unknown FROM appointments WHERE appointment_id = $1',
      [id],
    );
    expect(row).toEqual({ other_symptom: 'Ho khan về đêm', symptoms_unknown: false });
    expect(
      await rows(t, 'songhong', 'SELECT 1 FROM appointment_symptoms WHERE appointment_id = $1', [id]),
    ).toEqual([]);
    // The table holds the same rules for any other writer.
    for (const bad of ['Ho\tkhan', ' Ho', 'x'.repeat(201)]) {
      await expect(
        asOwner(t, 'songhong', (sql) =>
          sql.query('UPDATE appointments SET other_symptom = $1 WHERE appointment_id = $2', [bad, id]),
        ),
      ).rejects.toThrow(/appointments_other_symptom_check/);
    }
    for (const lang of ['vi', 'en']) {
      const d = await detail(b, id, lang);
      expect(d.status).toBe(200);
      expect(d.json.data).toMatchObject({
        symptoms: [],
        otherSymptom: 'Ho khan về đêm',
        symptomsUnknown: false,
      });
    }
  });

  it('books with only "not sure", and with a preset plus a description', async () => {
    const b = await createBooker(t, 'songhong');
    const unsure = await book(t, hong, b, await addSlot(t, hong, at(2, '09:00')), {
      symptomIds: [],
      symptomsUnknown: true,
    });
    expect(unsure.status, JSON.stringify(unsure.json)).toBe(200);
    const d = await detail(b, unsure.json.data.appointmentId);
    expect(d.json.data).toMatchObject({ symptoms: [], otherSymptom: '', symptomsUnknown: true });

    const both = await book(t, hong, b, await addSlot(t, hong, at(3, '09:00')), {
      symptomIds: [hong.symptomIds[1]],
      otherSymptom: 'Chóng mặt khi đứng dậy',
    });
    expect(both.status, JSON.stringify(both.json)).toBe(200);
    const bothDetail = await detail(b, both.json.data.appointmentId);
    expect(bothDetail.json.data.symptoms).toHaveLength(1);
    expect(bothDetail.json.data.otherSymptom).toBe('Chóng mặt khi đứng dậy');
  });

  it('refuses neither a preset, a text nor "not sure" with a translated 400, and stores nothing', async () => {
    const b = await createBooker(t, 'songhong');
    const slotId = await addSlot(t, hong, at(1, '10:00'));
    for (const [lang, message] of [
      ['vi', 'Vui lòng chọn triệu chứng, mô tả triệu chứng khác hoặc chọn “Không rõ”.'],
      ['en', 'Please choose a symptom, describe another one, or choose “Not sure”.'],
    ] as const) {
      const r = await book(
        t,
        hong,
        b,
        slotId,
        { symptomIds: [], otherSymptom: ' \u3000 ', symptomsUnknown: false },
        { 'x-accept-language': lang },
      );
      expect([r.status, r.json.codeMessageRespond, r.json.message]).toEqual([
        400,
        'symptom_required',
        message,
      ]);
    }
    expect(await stored(b, slotId)).toEqual({ appointments: 0, booked: 0 });
  });

  it('refuses text over 200 characters or with control characters, and "not sure" with a symptom', async () => {
    const b = await createBooker(t, 'songhong');
    const slotId = await addSlot(t, hong, at(1, '11:00'));
    // The text's limits are the schema's: a validation reply whose `errors` name the field's key.
    for (const otherSymptom of ['đ'.repeat(201), 'Ho\tkhan', 'Ho\u0085khan']) {
      const r = await book(t, hong, b, slotId, { otherSymptom }, { 'x-accept-language': 'en' });
      expect([r.status, r.json.codeMessageRespond, r.json.errors], JSON.stringify(otherSymptom)).toEqual([
        400,
        'invalid_request',
        ['other_symptom_invalid'],
      ]);
      expect(r.json.message).toBe('The request is not valid.');
    }
    // Text no column can store is refused at the edge, under the same field key.
    const nul = await book(
      t,
      hong,
      b,
      slotId,
      { otherSymptom: 'Ho\u0000khan' },
      { 'x-accept-language': 'en' },
    );
    expect([nul.status, nul.json.codeMessageRespond, nul.json.errors]).toEqual([
      400,
      'invalid_text',
      ['other_symptom_invalid'],
    ]);
    for (const extra of [
      { symptomsUnknown: true },
      { symptomIds: [], otherSymptom: 'Ho', symptomsUnknown: true },
    ]) {
      const r = await book(t, hong, b, slotId, extra, { 'x-accept-language': 'en' });
      expect([r.status, r.json.codeMessageRespond, r.json.message], JSON.stringify(extra)).toEqual([
        400,
        'symptom_not_sure_alone',
        '“Not sure” cannot be chosen together with a symptom.',
      ]);
    }
    expect(await stored(b, slotId)).toEqual({ appointments: 0, booked: 0 });
    // The limit counts characters as the database does (code points): 200 emoji are 400 UTF-16 units.
    const full = await book(t, hong, b, slotId, { symptomIds: [], otherSymptom: '🤒'.repeat(200) });
    expect(full.status, JSON.stringify(full.json)).toBe(200);
  });

  it('keeps the text inside its tenant: another portal neither reads the row nor the appointment', async () => {
    const b = await createBooker(t, 'songhong');
    const r = await book(t, hong, b, await addSlot(t, hong, at(4, '09:00')), {
      symptomIds: [],
      otherSymptom: 'Đau lưng',
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = r.json.data.appointmentId;
    expect(
      await rows(t, 'saomai', 'SELECT other_symptom FROM appointments WHERE appointment_id = $1', [id]),
    ).toEqual([]);
    const stranger = await createBooker(t, 'saomai');
    const d = await detail(stranger, id);
    expect([d.status, d.json.codeMessageRespond]).toEqual([404, 'appointment_error']);
    // The saomai doctor's world still books with its own presets.
    const own = await book(t, mai, stranger, await addSlot(t, mai, at(4, '09:00')));
    expect(own.status, JSON.stringify(own.json)).toBe(200);
  });
});
