import { lazy, Suspense, use, useState } from 'react';
import type * as AppExports from './app';
import { BootFailed, BootLoading, PortalNotFound } from '../tenant/boot-screens';
import type { BootResult } from '../tenant/boot';
import { RouteErrorBoundary } from './routes/route-error-boundary';

type AppModule = typeof AppExports;
let appModule: AppModule | undefined;

// The app (router, store, layout) downloads while the boot request runs; the loading state
// needs none of it, so it paints from the small entry chunk.
export const loadApp = () =>
  import('./app').then((module) => {
    appModule = module;
    return module;
  });
const LazyApp = lazy(() => loadApp().then((module) => ({ default: module.App })));

function BootOutcome({ boot, onRetry }: { boot: Boot; onRetry: () => void }) {
  const result = boot instanceof Promise ? use(boot) : boot;
  if (result.kind === 'not-found') return <PortalNotFound />;
  if (result.kind === 'failed') return <BootFailed onRetry={onRetry} />;
  // Loaded during boot (see main.tsx), the app renders without suspending a second time.
  const App = appModule?.App ?? LazyApp;
  return <App tenant={{ bundle: result.bundle, language: result.language }} />;
}

/** A settled boot, or a retry under way. */
type Boot = BootResult | Promise<BootResult>;

interface BootGateProps {
  /**
   * The first boot, already settled: main.tsx renders once it is, while the server-rendered
   * shell shows. No Suspense fallback is shown first, so nothing delays the first page (React
   * holds back content that replaces a fallback for up to 300 ms).
   */
  first: BootResult;
  retry: () => Promise<BootResult>;
}

/** Shows "portal not found", or the failure with a retry (loading while it runs), or the app. */
export function BootGate({ first, retry }: BootGateProps) {
  const [boot, setBoot] = useState<Boot>(first);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<BootLoading />}>
        <BootOutcome boot={boot} onRetry={() => setBoot(retry())} />
      </Suspense>
    </RouteErrorBoundary>
  );
}
