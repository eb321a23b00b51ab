import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveUser } from '../../../lib/user-storage';
import { renderWithProviders } from '../../../test/render';
import { ConsentGate } from '../../personal-data';
import { fakeApi, type SentRequest } from '../../../test/fake-api';
import { RecordForm } from './record-form';

const patients = {
  data: [
    { patientId: 11, isSelf: true, fullName: 'Lê An' },
    { patientId: 12, isSelf: false, fullName: 'Trần Thị Hoa' },
  ],
};
let granted = 0;
const routes = () => ({
  'Patients/GetPatients': patients,
  'Users/GetHealthDataConsent': {
    data: {
      version: '2026-01',
      text: 'Đồng ý xử lý dữ liệu sức khỏe.',
      language: 'vi',
      consented: true,
      givenAt: null,
    },
  },
  'POST Storages/GetUploadUrls': (sent: SentRequest) => ({
    data: {
      fileUploads: (sent.body as { files: unknown[] }).files.map(() => {
        granted += 1;
        return {
          uploadUrl: `http://portal.test/api/v1/Storages/Upload/t${granted}`,
          fileHttpUrl: `http://portal.test/api/v1/Storages/Files/songkhoe/HealthRecords/f${granted}.pdf`,
        };
      }),
    },
  }),
  'POST Users/CreateUserHealthRecord': { data: { healthRecordId: 5 } },
});
const put = (path: string) => ({
  [`PUT ${path}`]: (sent: SentRequest) => ({
    data: {
      fileHttpUrl: `http://portal.test/api/v1/Storages/Files/songkhoe/HealthRecords/${sent.path.slice(-2)}.pdf`,
    },
  }),
});

beforeEach(() => {
  granted = 0;
  saveUser({ userId: 7, token: 'token' });
});
afterEach(() => vi.unstubAllGlobals());

const pdf = (name: string, size = 1000) => {
  const f = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const choose = (files: File[]) =>
  fireEvent.change(screen.getByLabelText('Tệp đính kèm'), { target: { files } });

async function renderForm(extra: Record<string, unknown> = {}) {
  const api = fakeApi({ ...routes(), ...put('Storages/Upload/t1'), ...put('Storages/Upload/t2'), ...extra });
  const onDone = vi.fn();
  renderWithProviders(<RecordForm onDone={onDone} onCancel={() => undefined} />);
  await screen.findByRole('option', { name: 'Trần Thị Hoa' });
  return { api, onDone };
}

describe('add health record form', { timeout: 30_000 }, () => {
  it('requires name, remark and a file, says so on each field and sends nothing', async () => {
    const { api } = await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Lưu hồ sơ' }));
    expect(screen.getByLabelText('Tên hồ sơ').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Vui lòng nhập tên hồ sơ.')).toBeTruthy();
    expect(screen.getByText('Vui lòng nhập ghi chú.')).toBeTruthy();
    expect(screen.getByText('Vui lòng đính kèm ít nhất một tệp.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Tên hồ sơ'));
    expect(api.sent.filter((s) => s.method !== 'GET')).toEqual([]);
  });

  it.each([
    ['six files', Array.from({ length: 6 }, (_, i) => pdf(`f${i}.pdf`)), 'Tối đa 5 tệp.'],
    [
      'a file above 2 MB',
      [pdf('big.pdf', 2 * 1024 * 1024 + 1)],
      'Tệp quá lớn (ảnh tối đa 2 MB, PDF tối đa 5 MB).',
    ],
    [
      'a type other than JPG/PNG/PDF',
      [new File(['x'], 'a.gif', { type: 'image/gif' })],
      'Chỉ chấp nhận tệp JPG, JPEG, PNG hoặc PDF.',
    ],
  ])('refuses %s before uploading', async (_label, files, message) => {
    const { api } = await renderForm();
    await userEvent.type(screen.getByLabelText('Tên hồ sơ'), 'Siêu âm');
    await userEvent.type(screen.getByLabelText('Ghi chú'), 'Bụng');
    choose(files);
    await userEvent.click(screen.getByRole('button', { name: 'Lưu hồ sơ' }));
    expect(screen.getByText(message)).toBeTruthy();
    expect(api.sent.filter((s) => s.method !== 'GET')).toEqual([]);
  });

  it('uploads each file to HealthRecords, then creates the record for the chosen family member', async () => {
    const { api, onDone } = await renderForm();
    await userEvent.type(screen.getByLabelText('Tên hồ sơ'), 'Đơn thuốc tháng 3');
    await userEvent.type(screen.getByLabelText('Ghi chú'), 'Sau khám');
    await userEvent.selectOptions(screen.getByLabelText('Loại hồ sơ'), '2');
    expect((screen.getByLabelText('Hồ sơ của ai') as HTMLSelectElement).value).toBe('11');
    await userEvent.selectOptions(screen.getByLabelText('Hồ sơ của ai'), '12');
    choose([pdf('a.pdf'), pdf('b.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'Lưu hồ sơ' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls('POST', 'Storages/GetUploadUrls')[0]!.body).toEqual({
      files: [
        { fileType: 'application/pdf', fileName: 'a.pdf', folderName: 'HealthRecords' },
        { fileType: 'application/pdf', fileName: 'b.pdf', folderName: 'HealthRecords' },
      ],
    });
    expect(api.sent.filter((s) => s.method === 'PUT')).toHaveLength(2);
    expect(api.calls('POST', 'Users/CreateUserHealthRecord')[0]!.body).toEqual({
      patientId: 12,
      recordName: 'Đơn thuốc tháng 3',
      remark: 'Sau khám',
      healthRecordType: 2,
      files: [
        { fileHttpUrl: 'http://portal.test/api/v1/Storages/Files/songkhoe/HealthRecords/t1.pdf' },
        { fileHttpUrl: 'http://portal.test/api/v1/Storages/Files/songkhoe/HealthRecords/t2.pdf' },
      ],
    });
  });

  it('shows the server’s reason when the record is refused', async () => {
    const { onDone } = await renderForm({
      'POST Users/CreateUserHealthRecord': {
        status: 400,
        code: 'invalid_request',
        errors: ['upload_url_invalid'],
      },
    });
    await userEvent.type(screen.getByLabelText('Tên hồ sơ'), 'X');
    await userEvent.type(screen.getByLabelText('Ghi chú'), 'Y');
    choose([pdf('a.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'Lưu hồ sơ' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Không dùng được tệp (đã hết hạn hoặc đã được dùng). Vui lòng chọn lại.',
    );
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sits behind the consent gate until the user agrees', async () => {
    fakeApi({
      ...routes(),
      'Users/GetHealthDataConsent': {
        data: {
          version: '2026-01',
          text: 'Đồng ý xử lý dữ liệu sức khỏe.',
          language: 'vi',
          consented: false,
          givenAt: null,
        },
      },
    });
    renderWithProviders(
      <ConsentGate>
        <RecordForm onDone={() => undefined} onCancel={() => undefined} />
      </ConsentGate>,
    );
    expect(await screen.findByText('Đồng ý xử lý dữ liệu sức khỏe.')).toBeTruthy();
    expect(screen.queryByLabelText('Tên hồ sơ')).toBeNull();
  });
});
