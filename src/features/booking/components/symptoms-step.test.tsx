import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../lib/i18n/en.json';
import { saveUser } from '../../../lib/user-storage';
import { renderWithProviders } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import type { BookingFailure } from '../booking-errors';
import { SymptomsStep, symptomsBody, type SymptomsChoice } from './symptoms-step';

const recordsOf = (patientId: number) =>
  patientId === 12
    ? [{ healthRecordId: 5, recordName: 'Siêu âm bụng', files: [] }]
    : [{ healthRecordId: 6, recordName: 'Đơn thuốc cũ', files: [] }];

beforeEach(() => saveUser({ userId: 7, token: 'token' }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('vi');
});

function Step({
  patientId,
  onRecords,
  onConsultations = () => undefined,
}: {
  patientId: number | null;
  onRecords: (ids: number[]) => void;
  onConsultations?: (ids: number[]) => void;
}) {
  const [records, setRecords] = useState<number[]>([]);
  const [consultations, setConsultations] = useState<number[]>([]);
  return (
    <SymptomsStep
      doctorId={3}
      userId={7}
      patientId={patientId}
      choice={{ symptomIds: [1], otherSymptom: '', notSure: false }}
      onChoice={() => undefined}
      note=""
      onNote={() => undefined}
      records={records}
      onRecords={(ids) => {
        setRecords(ids);
        onRecords(ids);
      }}
      consultations={consultations}
      onConsultations={(ids) => {
        setConsultations(ids);
        onConsultations(ids);
      }}
      error={null}
      onContinue={() => undefined}
    />
  );
}

/** The step as the booking page holds it: the choice in state, every change recorded. */
function ChoiceStep({
  start = { symptomIds: [], otherSymptom: '', notSure: false },
  onChoice = () => undefined,
  error = null,
}: {
  start?: SymptomsChoice;
  onChoice?: (choice: SymptomsChoice) => void;
  error?: BookingFailure | null;
}) {
  const [choice, setChoice] = useState(start);
  return (
    <SymptomsStep
      doctorId={3}
      userId={7}
      patientId={null}
      consultations={[]}
      onConsultations={() => undefined}
      choice={choice}
      onChoice={(changes) => {
        const next = { ...choice, ...changes };
        setChoice(next);
        onChoice(next);
      }}
      note=""
      onNote={() => undefined}
      records={[]}
      onRecords={() => undefined}
      error={error}
      onContinue={() => undefined}
    />
  );
}

const symptomsRoute = {
  'Doctors/SymptomsByDoctor/symptoms-by-doctor': {
    data: [
      { symptomId: 1, name: 'Đau bụng' },
      { symptomId: 2, name: 'Sốt' },
    ],
  },
};

describe('booking: sharing health records', { timeout: 30_000 }, () => {
  it("offers the chosen patient's records (GetUserHealthRecords with patientId) and picks them", async () => {
    const api = fakeApi({
      'Doctors/SymptomsByDoctor/symptoms-by-doctor': { data: [{ symptomId: 1, name: 'Đau bụng' }] },
      'Users/GetUserHealthRecords/7': (sent) => ({
        data: {
          userHealthRecords: recordsOf(Number(sent.search.get('patientId'))),
          pagination: { pageNumber: 1, pageSize: 100, totalRecords: 1 },
        },
      }),
    });
    const onRecords = vi.fn();
    renderWithProviders(<Step patientId={12} onRecords={onRecords} />);
    const box = await screen.findByRole('checkbox', { name: 'Siêu âm bụng' });
    expect(screen.getByRole('group', { name: 'Chia sẻ hồ sơ sức khỏe với bác sĩ' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Đơn thuốc cũ' })).toBeNull();
    const sent = api.calls('GET', 'Users/GetUserHealthRecords/7')[0]!;
    expect(Object.fromEntries(sent.search)).toMatchObject({ patientId: '12', duration: 'all' });
    await userEvent.click(box);
    await waitFor(() => expect(onRecords).toHaveBeenLastCalledWith([5]));
  });

  it('asks nothing and shows no sharing before a patient is chosen', async () => {
    const api = fakeApi({
      'Doctors/SymptomsByDoctor/symptoms-by-doctor': { data: [{ symptomId: 1, name: 'Đau bụng' }] },
    });
    renderWithProviders(<Step patientId={null} onRecords={() => undefined} />);
    await screen.findByRole('checkbox', { name: 'Đau bụng' });
    expect(api.calls('GET', 'Users/GetUserHealthRecords/7')).toHaveLength(0);
    expect(screen.queryByRole('group', { name: 'Chia sẻ hồ sơ sức khỏe với bác sĩ' })).toBeNull();
  });

  it("offers the chosen patient's past consultations (list-pass-appointment) and picks them", async () => {
    const visit = (appointmentId: number, patientId: number, doctorName: string) => ({
      appointmentId,
      patientId,
      doctorName,
      doctorTitle: 'BS.',
      localDate: '2026-02-10',
    });
    fakeApi({
      'Doctors/SymptomsByDoctor/symptoms-by-doctor': { data: [{ symptomId: 1, name: 'Đau bụng' }] },
      'Users/GetUserHealthRecords/7': {
        data: { userHealthRecords: [], pagination: { pageNumber: 1, pageSize: 100, totalRecords: 0 } },
      },
      'Appointments/GetListPassAppointment/list-pass-appointment': {
        data: {
          appointments: [visit(40, 12, 'Trần Văn Bình'), visit(41, 13, 'Lê Thị Mai')],
          pagination: { pageNumber: 1, pageSize: 20, totalRecords: 2 },
        },
      },
    });
    const onConsultations = vi.fn();
    renderWithProviders(
      <Step patientId={12} onRecords={() => undefined} onConsultations={onConsultations} />,
    );
    const box = await screen.findByRole('checkbox', { name: '10/02/2026 · BS. Trần Văn Bình' });
    expect(screen.getByRole('group', { name: 'Chia sẻ kết quả các lần khám trước với bác sĩ' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Lê Thị Mai/ })).toBeNull();
    await userEvent.click(box);
    await waitFor(() => expect(onConsultations).toHaveBeenLastCalledWith([40]));
  });
});

describe('booking: symptoms in the patient\'s own words or "not sure"', { timeout: 30_000 }, () => {
  const other = () => screen.getByRole('textbox', { name: 'Khác (mô tả)' });
  const next = () => screen.getByRole('button', { name: 'Tiếp tục' }) as HTMLButtonElement;

  it('goes on with only a described symptom, sent trimmed as otherSymptom', async () => {
    fakeApi(symptomsRoute);
    const onChoice = vi.fn();
    renderWithProviders(<ChoiceStep onChoice={onChoice} />);
    await screen.findByRole('checkbox', { name: 'Đau bụng' });
    expect(next().disabled).toBe(true);
    await userEvent.type(other(), '  Ho khan về đêm ');
    expect(next().disabled).toBe(false);
    expect(other().getAttribute('aria-invalid')).toBeNull();
    const last = onChoice.mock.lastCall![0] as SymptomsChoice;
    expect(symptomsBody(last)).toEqual({ symptomIds: [], otherSymptom: 'Ho khan về đêm' });
    expect(screen.getByText('14/200 ký tự')).toBeTruthy();
  });

  it('"Không rõ" stands alone: it clears presets and text, a preset unticks it', async () => {
    fakeApi(symptomsRoute);
    const onChoice = vi.fn();
    renderWithProviders(
      <ChoiceStep start={{ symptomIds: [1], otherSymptom: 'Ho', notSure: false }} onChoice={onChoice} />,
    );
    const unsure = await screen.findByRole('checkbox', { name: 'Không rõ' });
    await userEvent.click(unsure);
    expect(onChoice).toHaveBeenLastCalledWith({ symptomIds: [], otherSymptom: '', notSure: true });
    expect((screen.getByRole('checkbox', { name: 'Đau bụng' }) as HTMLInputElement).checked).toBe(false);
    expect((other() as HTMLInputElement).value).toBe('');
    expect(next().disabled).toBe(false);
    expect(symptomsBody(onChoice.mock.lastCall![0] as SymptomsChoice)).toEqual({
      symptomIds: [],
      symptomsUnknown: true,
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sốt' }));
    expect(onChoice).toHaveBeenLastCalledWith({ symptomIds: [2], otherSymptom: '', notSure: false });
    // Keyboard: Space on the focused box ticks it again.
    unsure.focus();
    await userEvent.keyboard(' ');
    expect((unsure as HTMLInputElement).checked).toBe(true);
  });

  it('refuses text over 200 characters or with a control character, the message tied to the field', async () => {
    fakeApi(symptomsRoute);
    renderWithProviders(
      <ChoiceStep start={{ symptomIds: [1], otherSymptom: 'x'.repeat(201), notSure: false }} />,
    );
    await screen.findByRole('checkbox', { name: 'Đau bụng' });
    const message = 'Mô tả triệu chứng tối đa 200 ký tự và không chứa ký tự điều khiển (như Tab).';
    expect(other().getAttribute('aria-invalid')).toBe('true');
    const described = other().getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(message);
    expect(next().disabled).toBe(true);
    await userEvent.clear(other());
    await userEvent.type(other(), 'Ho');
    expect(other().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(message)).toBeNull();
    await userEvent.type(other(), '\tkhan');
    expect(other().getAttribute('aria-invalid')).toBe('true');
    expect(next().disabled).toBe(true);
  });

  it('offers "Other" and "Not sure" when the doctor lists no symptoms, in English too', async () => {
    i18n.addResourceBundle('en', 'translation', en);
    await i18n.changeLanguage('en');
    fakeApi({ 'Doctors/SymptomsByDoctor/symptoms-by-doctor': { data: [] } });
    renderWithProviders(<ChoiceStep />);
    await screen.findByText('This doctor has no list of symptoms yet; you can describe yours below.');
    expect(screen.getByRole('group', { name: 'Symptoms' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Not sure' }));
    expect(screen.getByRole('textbox', { name: 'Other (describe)' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's refusal of the text on the field", async () => {
    fakeApi(symptomsRoute);
    renderWithProviders(
      <ChoiceStep
        start={{ symptomIds: [], otherSymptom: 'Ho', notSure: false }}
        error={{ keys: ['other_symptom_invalid'], step: 'symptoms', status: 400 }}
      />,
    );
    await screen.findByRole('checkbox', { name: 'Đau bụng' });
    expect(other().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('group', { name: 'Triệu chứng' }).getAttribute('aria-describedby')).toBeTruthy();
  });
});
