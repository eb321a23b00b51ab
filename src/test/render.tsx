import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { BootBundle } from '../../schemas/boot';
import { createStore } from '../app/store';
import { TenantProvider } from '../tenant/tenant-context';
import { bootBundle, tenantOf } from './boot-bundle';

interface Options {
  bundle?: BootBundle;
  path?: string;
  /** The route pattern the element is mounted on (default: every path). */
  route?: string;
}

/** Renders with the providers of the booted app: store, tenant and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { bundle = bootBundle(), path = '/', route = '*' }: Options = {},
) {
  return render(
    <Provider store={createStore()}>
      <TenantProvider tenant={tenantOf(bundle)}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
        </MemoryRouter>
      </TenantProvider>
    </Provider>,
  );
}
