import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { clearUser, saveUser } from '../lib/user-storage';
import { bootBundle } from '../test/boot-bundle';
import { composeRoutes } from './compose-routes';
import { RequireUser } from './require-user';
import type { RouteEntry } from '../../schemas/routes';

const page = 'src/app/routes/not-found-page';

function pathsOf(routes: RouteObject[], trail: string[] = []): string[] {
  return routes.flatMap((route) => {
    const here = route.path ? [...trail, route.path] : trail;
    return [...(route.path ? [here.join(' > ')] : []), ...pathsOf(route.children ?? [], here)];
  });
}

const entries: RouteEntry[] = [
  { path: '/', page },
  { path: '/membership', feature: 'membership', page },
  { path: '/me/wallet-history', feature: 'wallet', protected: true, page },
  { path: '/me/profile-settings/', protected: true, page },
  { path: '/dev/outbox', devOnly: true, page },
  { path: '/contact-us-mobile', layout: 'bare', page },
];

describe('composeRoutes', () => {
  it('keeps every page of a tenant with all features on, protected ones inside the guard', () => {
    const [main, bare] = composeRoutes(bootBundle(), entries);
    expect(pathsOf(main!.children!)).toEqual([
      '/',
      '/membership',
      '/dev/outbox',
      '/me/wallet-history',
      '/me/profile-settings/',
      '*',
    ]);
    const guard = main!.children!.find((route) => !route.path);
    expect(pathsOf(guard!.children!)).toEqual(['/me/wallet-history', '/me/profile-settings/']);
    expect(pathsOf(bare!.children!)).toEqual(['/contact-us-mobile']);
  });

  it('gives a feature that is off no route, so its path falls to the 404 page', () => {
    const paths = pathsOf(composeRoutes(bootBundle({}, ['membership', 'wallet']), entries));
    expect(paths).not.toContain('/membership');
    expect(paths).not.toContain('/me/wallet-history');
    expect(paths).toContain('*');
  });

  it('leaves the demo tools out of production', () => {
    expect(pathsOf(composeRoutes(bootBundle({ environment: 'production' }), entries))).not.toContain(
      '/dev/outbox',
    );
  });
});

describe('RequireUser', () => {
  const renderAt = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route element={<RequireUser />}>
            <Route path="/me/profile-settings/" element={<p>account</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );

  it('sends a visitor without a stored user home', () => {
    renderAt('/me/profile-settings/');
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('needs both userId and token', () => {
    saveUser({ userId: 5, token: '' });
    renderAt('/me/profile-settings/');
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('lets a signed-in user in, and sends them home once the user is cleared', () => {
    saveUser({ userId: 5, token: 'tok' });
    renderAt('/me/profile-settings/');
    expect(screen.getByText('account')).toBeTruthy();
    act(() => clearUser());
    expect(screen.getByText('home')).toBeTruthy();
  });
});
