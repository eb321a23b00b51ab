import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserAddress } from '../../../../schemas/patients';
import { saveUser } from '../../../lib/user-storage';
import { renderWithProviders } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { AddressPicker } from './address-picker';

const address = (fields: Partial<UserAddress>): UserAddress => ({
  addressId: 1,
  userId: 7,
  fullName: '',
  phone: '',
  addressLine: '',
  provinceCode: null,
  provinceName: null,
  wardCode: null,
  wardName: null,
  legacy: null,
  isDefault: false,
  text: '',
  ...fields,
});

const home = address({
  addressId: 3,
  addressLine: '12 Kim Mã',
  provinceCode: '01',
  provinceName: 'Thành phố Hà Nội',
  wardCode: '00004',
  wardName: 'Phường Ba Đình',
  isDefault: true,
  text: '12 Kim Mã, Phường Ba Đình, Thành phố Hà Nội',
});
const old = address({
  addressId: 4,
  addressLine: '5 Quang Trung',
  legacy: {
    ward: 'Phường 12',
    district: 'Quận Gò Vấp',
    province: 'Thành phố Hồ Chí Minh',
    newWardCode: '26882',
    newProvinceCode: '79',
  },
  text: '5 Quang Trung, Phường 12, Quận Gò Vấp, Thành phố Hồ Chí Minh',
});

const routes = {
  'Users/GetUserAddresses/7': { data: [home, old] },
  'AdminUnits/GetProvinces': {
    data: [
      { code: '01', name: 'Thành phố Hà Nội', kind: 'Thành phố Trung Ương' },
      { code: '79', name: 'Thành phố Hồ Chí Minh', kind: 'Thành phố Trung Ương' },
    ],
  },
  'AdminUnits/GetWards': (sent: { search: URLSearchParams }) => ({
    data:
      sent.search.get('provinceCode') === '79'
        ? [
            { code: '26740', name: 'Phường Sài Gòn', kind: 'Phường' },
            { code: '26882', name: 'Phường An Hội Tây', kind: 'Phường' },
          ]
        : [{ code: '00004', name: 'Phường Ba Đình', kind: 'Phường' }],
  }),
};

beforeEach(() => saveUser({ userId: 7, token: 'token' }));
afterEach(() => vi.unstubAllGlobals());

describe('AddressPicker', { timeout: 30_000 }, () => {
  it('lists the addresses, chooses the default one, and still shows an old three-level address', async () => {
    fakeApi(routes);
    const onChange = vi.fn();
    renderWithProviders(<AddressPicker value={null} onChange={onChange} />);
    expect(
      await screen.findByRole('radio', { name: /12 Kim Mã, Phường Ba Đình, Thành phố Hà Nội/ }),
    ).toBeTruthy();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(3, home));
    expect(
      screen.getByRole('radio', { name: '5 Quang Trung, Phường 12, Quận Gò Vấp, Thành phố Hồ Chí Minh' }),
    ).toBeTruthy();
    expect(screen.getByText('Đơn vị hành chính cũ (trước ngày 1/7/2025)')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /5 Quang Trung/ }));
    expect(onChange).toHaveBeenLastCalledWith(4, old);
  });

  it('adds an address in place (province, then one of its wards) and chooses it', async () => {
    const added = address({ addressId: 9, text: '1 Lê Lợi, Phường Sài Gòn, Thành phố Hồ Chí Minh' });
    let refuse = true;
    const api = fakeApi({
      ...routes,
      'POST Users/AddUserAddress': () =>
        refuse ? { status: 400, code: 'invalid_request', errors: ['ward_not_in_province'] } : { data: added },
    });
    const onChange = vi.fn();
    renderWithProviders(<AddressPicker value={3} onChange={onChange} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm địa chỉ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm địa chỉ' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(within(dialog).getByText('Địa chỉ không hợp lệ.')).toBeTruthy();
    expect(within(dialog).getByText('Vui lòng chọn tỉnh hoặc thành phố.')).toBeTruthy();
    expect(within(dialog).getByText('Vui lòng chọn xã hoặc phường.')).toBeTruthy();
    const ward = within(dialog).getByLabelText(/Xã \/ phường/) as HTMLSelectElement;
    expect(ward.disabled).toBe(true);

    await userEvent.type(within(dialog).getByLabelText(/Số nhà, tên đường/), '1 Lê Lợi');
    await userEvent.selectOptions(
      within(dialog).getByLabelText(/Tỉnh \/ thành phố/),
      'Thành phố Hồ Chí Minh',
    );
    await waitFor(() => expect(ward.disabled).toBe(false));
    await userEvent.selectOptions(ward, 'Phường Sài Gòn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Xã/phường này không thuộc tỉnh/thành phố đã chọn.')).toBeTruthy();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(9, added));
    expect(api.calls('POST', 'Users/AddUserAddress').at(-1)!.body).toMatchObject({
      addressLine: '1 Lê Lợi',
      provinceCode: '79',
      wardCode: '26740',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('updates an old three-level address starting from the ward it became', async () => {
    fakeApi(routes);
    renderWithProviders(<AddressPicker value={3} onChange={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cập nhật theo đơn vị mới' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sửa địa chỉ' });
    expect(within(dialog).getByText(/Địa chỉ này dùng đơn vị hành chính trước ngày 1\/7\/2025/)).toBeTruthy();
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/Xã \/ phường/) as HTMLSelectElement).value).toBe('26882'),
    );
    expect((within(dialog).getByLabelText(/Tỉnh \/ thành phố/) as HTMLSelectElement).value).toBe('79');
  });
});
