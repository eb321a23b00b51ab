import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { saveUser } from '../../lib/user-storage';
import { bootBundle } from '../../test/boot-bundle';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { signedInRoutes } from '../../test/signed-in-routes';
import { Header } from './header';
import { OpenLoginContext } from './open-login-context';

const renderHeader = (bundle = bootBundle(), openLogin = vi.fn()) =>
  renderWithProviders(
    <OpenLoginContext.Provider value={openLogin}>
      <Header />
    </OpenLoginContext.Provider>,
    { bundle },
  );

const navItems = () =>
  within(screen.getByRole('navigation', { name: 'Điều hướng chính' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace('▾', ''));

describe('Header', () => {
  it('links the logo home with the tenant name as its text alternative', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Bệnh viện Sông Hồng' })).toHaveProperty('pathname', '/');
  });

  it('shows the navigation buttons in the configured order, without health programs for visitors', () => {
    renderHeader();
    expect(navItems()).toEqual(['Gói thành viên', 'Đặt lịch khám']);
    expect(screen.getByRole('link', { name: 'Đặt lịch khám' }).getAttribute('href')).toBe(
      '/doctor-list?servicetype=3',
    );
  });

  it('hides a button whose feature is off', () => {
    renderHeader(bootBundle({}, ['membership']));
    expect(navItems()).toEqual(['Đặt lịch khám']);
  });

  it('offers the direct call: a link when signed in, the sign-in dialog (then /direct-call) for a visitor', async () => {
    const bundle = bootBundle();
    const openLogin = vi.fn();
    const withCall = { ...bundle, navigation: { ...bundle.navigation, header: ['directCall' as const] } };
    const visitor = renderHeader(withCall, openLogin);
    await userEvent.click(screen.getByRole('button', { name: 'Gọi bác sĩ' }));
    expect(openLogin).toHaveBeenCalledWith('/direct-call');
    visitor.unmount();
    saveUser({ userId: 1, token: 't', fullName: 'Nguyễn Văn An' });
    fakeApi(signedInRoutes());
    renderHeader(withCall);
    expect(screen.getByRole('link', { name: 'Gọi bác sĩ' }).getAttribute('href')).toBe('/direct-call');
    // The bell loads lazily for a signed-in user: let it arrive before the test ends.
    expect(await screen.findByRole('link', { name: /^Thông báo/ })).toBeTruthy();
  });

  it('opens the sign-in dialog for my appointments and the sign-in button when nobody is signed in', async () => {
    const openLogin = vi.fn();
    renderHeader(bootBundle(), openLogin);
    await userEvent.click(screen.getByRole('button', { name: 'Lịch hẹn của tôi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Đăng nhập / Đăng ký' }));
    // Each action says where the visitor was going, to land there after signing in.
    expect(openLogin.mock.calls).toEqual([['/me/appointments-list/'], []]);
  });

  it("shows a signed-in user's health programs and account menu with name and phone", async () => {
    saveUser({
      userId: 1,
      token: 't',
      fullName: 'Nguyễn Văn An',
      phoneCode: '84',
      mobileNumber: '901234567',
      listHealthProgram: [{ id: 3, name: 'Tiểu đường' }],
    });
    const api = fakeApi(signedInRoutes());
    renderHeader();
    expect(await screen.findByRole('link', { name: /^Thông báo/ })).toBeTruthy();
    expect(navItems()).toEqual(['Gói thành viên', 'Đặt lịch khám', 'Chương trình sức khỏe']);
    await userEvent.click(screen.getByRole('button', { name: 'Chương trình sức khỏe' }));
    expect(screen.getByRole('menuitem', { name: 'Tiểu đường' }).getAttribute('href')).toBe(
      '/doctor-list?servicetype=4&healthProgramId=3',
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Tài khoản của Nguyễn Văn An' }));
    expect(screen.getByText('+84 901234567')).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Đăng xuất' }));
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.getByRole('button', { name: 'Đăng nhập / Đăng ký' })).toBeTruthy();
    await waitFor(() => expect(api.calls('POST', 'Auth/Logout')).toHaveLength(1));
  });

  it('offers only the languages the tenant offers', () => {
    renderHeader(bootBundle({ languages: { offered: ['vi'], default: 'vi' } }));
    expect(screen.queryByLabelText('Ngôn ngữ')).toBeNull();
  });

  it('searches the doctor list on Enter', async () => {
    const Location = () => {
      const { pathname, search } = useLocation();
      return <output data-testid="location">{pathname + search}</output>;
    };
    renderWithProviders(
      <>
        <Header />
        <Location />
      </>,
    );
    const box = screen.getByRole('combobox', { name: 'Tìm bác sĩ, chuyên khoa, triệu chứng' });
    await userEvent.type(box, 'tim mạch{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/doctor-list?searchText=tim+m%E1%BA%A1ch');
  });
});
