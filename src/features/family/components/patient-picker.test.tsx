import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Patient } from '../../../../schemas/patients';
import { saveUser } from '../../../lib/user-storage';
import { bootBundle } from '../../../test/boot-bundle';
import { renderWithProviders } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { PatientPicker } from './patient-picker';

const person = (fields: Partial<Patient>): Patient => ({
  patientId: 1,
  isSelf: false,
  fullName: '',
  gender: null,
  dateOfBirth: null,
  age: null,
  idNumber: null,
  mobileNumber: null,
  email: null,
  zaloNumber: null,
  relationId: null,
  relationName: null,
  addressId: null,
  addressText: null,
  missing: [],
  ...fields,
});

const self = person({
  patientId: 11,
  isSelf: true,
  fullName: 'Lê An',
  missing: ['select_gender', 'select_date_of_birth'],
});
const mother = person({
  patientId: 12,
  fullName: 'Trần Thị Hoa',
  gender: 'F',
  dateOfBirth: '1958-09-20',
  age: { years: 67, months: 2, days: 3 },
  relationId: 2,
  relationName: 'Mẹ',
});

const routes = {
  'Patients/GetPatients': { data: [self, mother] },
  Relations: {
    data: [
      { relationId: 2, name: 'Mẹ' },
      { relationId: 5, name: 'Con' },
    ],
  },
  'Users/GetUserAddresses/7': {
    data: [{ addressId: 3, text: '12 Kim Mã, Phường Ba Đình, Thành phố Hà Nội' }],
  },
};

beforeEach(() => saveUser({ userId: 7, token: 'token' }));
afterEach(() => vi.unstubAllGlobals());

describe('PatientPicker', { timeout: 30_000 }, () => {
  it('lists myself first and the family members, chooses myself, and shows what booking still needs', async () => {
    fakeApi(routes);
    const onChange = vi.fn();
    renderWithProviders(<PatientPicker value={null} onChange={onChange} />);
    expect(await screen.findByRole('radio', { name: /Lê An/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Trần Thị Hoa · Mẹ · 67 tuổi 2 tháng 3 ngày/ })).toBeTruthy();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(11, self));
    expect(screen.getByRole('group', { name: 'Đặt lịch khám cho ai?' })).toBeTruthy();
    expect(
      screen.getByText('Cần cập nhật thông tin cá nhân trước khi đặt lịch: giới tính, ngày sinh.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Trần Thị Hoa/ }));
    expect(onChange).toHaveBeenLastCalledWith(12, mother);
  });

  it('fills in the missing personal info in place and keeps the person chosen', async () => {
    const completed = { ...self, gender: 'M', dateOfBirth: '1990-01-31', missing: [] };
    const api = fakeApi({ ...routes, 'POST Patients/UpdatePatient': { data: completed } });
    const onChange = vi.fn();
    renderWithProviders(<PatientPicker value={11} onChange={onChange} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Bổ sung thông tin của Lê An' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thông tin cá nhân của tôi' });
    // The account holder has no relation field.
    expect(within(dialog).queryByLabelText(/Mối quan hệ/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Vui lòng chọn giới tính.')).toBeTruthy();
    expect(api.calls('POST', 'Patients/UpdatePatient')).toHaveLength(0);
    await userEvent.click(within(dialog).getByLabelText('Nam'));
    fireEvent.change(within(dialog).getByLabelText(/Ngày sinh/), { target: { value: '1990-01-31' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(11, completed));
    expect(api.calls('POST', 'Patients/UpdatePatient')[0]!.body).toEqual({
      patientId: 11,
      fullName: 'Lê An',
      gender: 'M',
      dateOfBirth: '1990-01-31',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds a family member in place with the form’s validation messages, then chooses them', async () => {
    const added = person({
      patientId: 13,
      fullName: 'Lê Bình',
      gender: 'M',
      dateOfBirth: '2015-06-01',
      relationId: 5,
    });
    let refuseId = true;
    const api = fakeApi({
      ...routes,
      'POST Patients/AddPatient': () =>
        refuseId ? { status: 409, code: 'id_number_exists', errors: ['id_number_exists'] } : { data: added },
    });
    const onChange = vi.fn();
    renderWithProviders(<PatientPicker value={11} onChange={onChange} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm thành viên' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm thành viên' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    for (const message of [
      'Vui lòng nhập họ tên (ít nhất 2 ký tự).',
      'Vui lòng chọn giới tính.',
      'Vui lòng nhập ngày sinh hợp lệ.',
      'Vui lòng chọn mối quan hệ.',
    ])
      expect(await within(dialog).findByText(message)).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(/Họ và tên/), 'Lê Bình');
    await userEvent.click(within(dialog).getByLabelText('Nam'));
    fireEvent.change(within(dialog).getByLabelText(/Ngày sinh/), { target: { value: '2999-01-01' } });
    await userEvent.selectOptions(within(dialog).getByLabelText(/Mối quan hệ/), 'Con');
    await userEvent.type(within(dialog).getByLabelText(/Số CMND/), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Ngày sinh không được ở tương lai.')).toBeTruthy();
    expect(within(dialog).getByText(/Nhập số CCCD \(12 chữ số\)/)).toBeTruthy();
    expect(api.calls('POST', 'Patients/AddPatient')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Ngày sinh/), { target: { value: '2015-06-01' } });
    expect(within(dialog).getByText(/^Tuổi: \d+ tuổi \d+ tháng \d+ ngày$/)).toBeTruthy();
    const id = within(dialog).getByLabelText(/Số CMND/);
    await userEvent.clear(id);
    await userEvent.type(id, '001215000123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    // The server's refusal shows on the ID field.
    expect(
      await within(dialog).findByText('Số CMND/CCCD/hộ chiếu này đã được dùng cho một hồ sơ khác.'),
    ).toBeTruthy();
    refuseId = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(13, added));
    expect(api.calls('POST', 'Patients/AddPatient').at(-1)!.body).toEqual({
      fullName: 'Lê Bình',
      gender: 'M',
      dateOfBirth: '2015-06-01',
      relationId: 5,
      idNumber: '001215000123',
    });
  }, 30_000);

  it('renders the tenant’s override of the form (a required ID number)', async () => {
    fakeApi(routes);
    const bundle = bootBundle();
    bundle.forms = { ...bundle.forms, patient: { schema: { required: ['idNumber'] } } };
    renderWithProviders(<PatientPicker value={11} onChange={vi.fn()} />, { bundle });
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm thành viên' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText(/Nhập số CCCD \(12 chữ số\)/)).toBeTruthy();
  });
});
