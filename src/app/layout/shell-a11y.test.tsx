import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { saveUser } from '../../lib/user-storage';
import { TenantProvider } from '../../tenant/tenant-context';
import { bootBundle, tenantOf } from '../../test/boot-bundle';
import { fakeApi } from '../../test/fake-api';
import { signedInRoutes } from '../../test/signed-in-routes';
import { Component as NotFoundPage } from '../routes/not-found-page';
import { createStore } from '../store';
import { MainLayout } from './main-layout';

function renderShell() {
  return render(
    <Provider store={createStore()}>
      <TenantProvider tenant={tenantOf(bootBundle())}>
        <MemoryRouter initialEntries={['/nowhere']}>
          <Routes>
            <Route element={<MainLayout />}>
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </TenantProvider>
    </Provider>,
  );
}

/** Serious and critical axe findings. Contrast needs real rendering: the browser run checks it. */
async function seriousViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('site shell accessibility', () => {
  it('has landmarks, a skip link first, and no serious axe findings for a visitor', async () => {
    const { container } = renderShell();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.getAllByRole('link')[0]?.textContent).toBe('Bỏ qua, đến nội dung chính');
    expect(document.title).toBe('Không tìm thấy trang | Bệnh viện Sông Hồng');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('has no serious axe findings for a signed-in user', async () => {
    saveUser({ userId: 1, token: 't', fullName: 'An', listHealthProgram: [{ id: 1, name: 'Tim mạch' }] });
    fakeApi(signedInRoutes());
    const { container } = renderShell();
    // The lazily loaded notification bell is part of what axe checks.
    expect(await screen.findByRole('link', { name: /^Thông báo/ })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
