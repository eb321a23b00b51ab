import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp, publicReads, sideCallDoctor } from '../catalogue/test-support';

let t: TestApp;
let doctorId: number;
let otherDoctorId: number;
beforeAll(async () => {
  t = await createCatalogueTestApp(20);
  doctorId = await sideCallDoctor(t);
  otherDoctorId = await sideCallDoctor(t, 'songhong');
});
afterAll(() => t?.close());

const { get, data } = publicReads(() => t);

describe('doctor detail side calls', () => {
  it('answer for the tenant’s doctor and 404 for another tenant’s', async () => {
    for (const url of [
      `/Doctors/GetDoctorHospitals/${doctorId}`,
      `/Doctors/GetDoctorFeedbacks?DoctorId=${doctorId}`,
      `/Doctors/GetDoctorPromocodes?doctorId=${doctorId}`,
      `/Doctors/GetListHealthProgram/${doctorId}`,
      `/Appointments/GetDoctorScheduleTimingSlots?doctorId=${doctorId}`,
      `/Doctors/SymptomsByDoctor/symptoms-by-doctor?doctorId=${doctorId}`,
    ]) {
      await data(url);
      const foreign = await get(url.replace(String(doctorId), String(otherDoctorId)));
      expect(foreign.statusCode, url).toBe(404);
    }
    const names = await data('/Doctors/GetDoctorNames');
    expect(names.some((d: { doctorId: number }) => d.doctorId === otherDoctorId)).toBe(false);
    const hospitals = await data('/Hospitals/GetHospitalNames', 'songhong');
    const own = await data('/Hospitals/GetHospitalNames');
    expect(
      hospitals.some((h: { hospitalId: number }) =>
        own.some((o: { hospitalId: number }) => o.hospitalId === h.hospitalId),
      ),
    ).toBe(false);
  });

  it('rates a doctor from the reviews it lists: card, detail and review list agree', async () => {
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Doctors/FilterDoctors',
      headers: tenantHeaders('songkhoe'),
      payload: { pageNumber: 1, pageSize: 100 },
    });
    const cards = list.json().data.doctors as { doctorId: number; rating: number; ratingCount: number }[];
    expect(cards.length).toBeGreaterThanOrEqual(15);
    for (const card of cards) {
      const detail = await data(`/Doctors/GetDoctor/${card.doctorId}`);
      const reviews = await data(`/Doctors/GetDoctorFeedbacks?DoctorId=${card.doctorId}&PageSize=100`);
      const shown = reviews.feedbacks as { rating: number }[];
      const label = `doctor ${card.doctorId}`;
      expect.soft(card.ratingCount, label).toBe(reviews.pagination.totalRecords);
      expect.soft(shown.length, label).toBe(reviews.pagination.totalRecords);
      expect.soft(detail.ratingCount, label).toBe(card.ratingCount);
      expect.soft(detail.rating, label).toBe(card.rating);
      const average = shown.length
        ? Math.round((shown.reduce((n, f) => n + f.rating, 0) / shown.length) * 10) / 10
        : 0;
      expect.soft(card.rating, label).toBe(average);
      expect.soft(reviews.averageRating, label).toBe(average);
    }
  });

  it('prices a service type the doctor offers', async () => {
    const reply = await data(`/Appointments/CheckPriceOfAppointment?doctorId=${doctorId}&serviceTypeId=0`);
    expect(reply.finalPrice).toBeGreaterThan(0);
    expect(reply.finalPrice).toBe(reply.price);
    expect(
      (await get(`/Appointments/CheckPriceOfAppointment?doctorId=${otherDoctorId}&serviceTypeId=0`))
        .statusCode,
    ).toBe(404);
  });

  it('orders and pages feedbacks', async () => {
    const newest = await data(`/Doctors/GetDoctorFeedbacks?DoctorId=${doctorId}&OrderType=0&PageSize=100`);
    const dates = newest.feedbacks.map((f: { createdAt: string }) => f.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const best = await data(`/Doctors/GetDoctorFeedbacks?DoctorId=${doctorId}&OrderType=1&PageSize=100`);
    const ratings = best.feedbacks.map((f: { rating: number }) => f.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const beyond = await data(`/Doctors/GetDoctorFeedbacks?DoctorId=${doctorId}&PageNumber=99`);
    expect(beyond.feedbacks).toEqual([]);
    expect(beyond.pagination.totalRecords).toBe(newest.feedbacks.length);
    expect((await get(`/Doctors/GetDoctorFeedbacks?DoctorId=${doctorId}&PageSize=0`)).json().errors).toEqual([
      'invalid_page_size',
    ]);
  });

  it('lists health programs and their children', async () => {
    const programs = await data(`/Doctors/GetListHealthProgram/${doctorId}`);
    expect(programs.length).toBeGreaterThan(0);
    const parent =
      programs.find((p: { parentId: number | null }) => p.parentId !== null)?.parentId ??
      programs[0].healthProgramId;
    const children = await data(`/Doctors/GetListHealthProgramChildren/${parent}`);
    for (const child of children) expect(child.parentId).toBe(parent);
    expect((await get(`/Doctors/GetListHealthProgramChildren/${parent}`, 'songhong')).statusCode).toBe(404);
  });
});
