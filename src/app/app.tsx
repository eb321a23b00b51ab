import { useEffect, useMemo, useState } from 'react';
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

/** The booted app: store, tenant, router and toasts. */
export function App({ tenant, store: given }: { tenant: Tenant; store?: AppStore | undefined }) {
  const [store] = useState(() => given ?? createStore());
  return (
    <Provider store={store}>
      <TenantProvider tenant={tenant}>
        <BrowserRouter>
          <AppRoutes tenant={tenant} />
        </BrowserRouter>
        <ToastRegion />
      </TenantProvider>
    </Provider>
  );
}
