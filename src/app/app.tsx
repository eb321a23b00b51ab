import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router-dom';
import { ToastRegion } from '../components/toast-region';
import { registerNavigator } from '../lib/navigation';
import { TenantProvider, type Tenant } from '../tenant/tenant-context';
import { composeRoutes } from './compose-routes';
import { createStore, type AppStore } from './store';

/** The tenant's routes, composed once from its flags. */
function AppRoutes({ tenant }: { tenant: Tenant }) {
  const routes = useMemo(() => composeRoutes(tenant.bundle), [tenant.bundle]);
  const navigate = useNavigate();
  // Lets the request layer send the visitor home without a full page load.
  useEffect(() => registerNavigator((path) => void navigate(path)), [navigate]);
  return useRoutes(routes);
}

/** The router the app runs in: the browser's, or the server render's StaticRouter at one URL. */
export type AppRouter = ComponentType<{ children: ReactNode }>;

/** The booted app: store, tenant, router and toasts. */
export function App({
  tenant,
  store: given,
  router: Router = BrowserRouter,
}: {
  tenant: Tenant;
  store?: AppStore | undefined;
  router?: AppRouter | undefined;
}) {
  const [store] = useState(() => given ?? createStore());
  // The first page is on screen (rendered, or hydrated from the server's HTML): the bench's
  // "JS before the app's first render" (tests/load/first-paint-bytes.ts) reads this mark.
  useEffect(() => void performance.mark('app-render'), []);
  return (
    <Provider store={store}>
      <TenantProvider tenant={tenant}>
        <Router>
          <AppRoutes tenant={tenant} />
        </Router>
        <ToastRegion />
      </TenantProvider>
    </Provider>
  );
}
