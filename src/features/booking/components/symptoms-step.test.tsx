import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveUser } from '../../../lib/user-storage';
import { renderWithProviders } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { SymptomsStep } from './symptoms-step';

const recordsOf = (patientId: number) =>
  patientId === 12
    ? [{ healthRecordId: 5, recordName: 'Siêu âm bụng', files: [] }]
    : [{ healthRecordId: 6, recordName: 'Đơn thuốc cũ', files: [] }];

beforeEach(() => saveUser({ userId: 7, token: 'token' }));
afterEach(() => vi.unstubAllGlobals());

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
      value={[1]}
      onChange={() => undefined}
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
