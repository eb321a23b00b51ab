import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bootBundle } from '../../test/boot-bundle';
import { renderWithProviders } from '../../test/render';
import { Footer } from './footer';

describe('Footer', () => {
  it('lists the configured links, hiding those whose feature is off', () => {
    renderWithProviders(<Footer />, { bundle: bootBundle({}, ['blog']) });
    expect(screen.getByRole('link', { name: 'Bác sĩ' }).getAttribute('href')).toBe('/doctor-list');
    expect(screen.getByRole('link', { name: 'Bảng giá' }).getAttribute('href')).toBe('/info/faqs');
    expect(screen.getByRole('link', { name: 'Chính sách bảo mật' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Tin tức sức khỏe' })).toBeNull();
  });

  it('shows contact details, non-empty social links, version, copyright and the demo note', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByText('88 Phố Lò Đúc, Hà Nội')).toBeTruthy();
    expect(screen.getByRole('link', { name: '1900 5555' }).getAttribute('href')).toBe('tel:19005555');
    expect(screen.getByRole('link', { name: 'lienhe@songhong.example' }).getAttribute('href')).toBe(
      'mailto:lienhe@songhong.example',
    );
    expect(screen.getByRole('link', { name: 'Zalo' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull();
    expect(screen.getByText('Phiên bản 1.0.280')).toBeTruthy();
    expect(
      screen.getByText(
        `© ${new Date().getFullYear()} Bệnh viện Đa khoa Sông Hồng (demo). Bảo lưu mọi quyền.`,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Đây là cổng thông tin demo: mọi dữ liệu đều là hư cấu.')).toBeTruthy();
  });

  it('has no demo note on a real portal', () => {
    renderWithProviders(<Footer />, { bundle: bootBundle({ demo: false }) });
    expect(screen.queryByText(/cổng thông tin demo/)).toBeNull();
  });
});
