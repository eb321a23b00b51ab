import { Suspense, use, useState } from 'react';
import { BootFailed, BootLoading, PortalNotFound } from '../tenant/boot-screens';
import type { BootResult } from '../tenant/boot';
import { App, type AppRouter } from './app';
import type { AppStore } from './store';
import { RouteErrorBoundary } from './routes/route-error-boundary';

interface BootOutcomeProps {
  boot: Boot;
  onRetry: () => void;
  store?: AppStore | undefined;
  router?: AppRouter | undefined;
}

function BootOutcome({ boot, onRetry, store, router }: BootOutcomeProps) {
  const result = boot instanceof Promise ? use(boot) : boot;
  if (result.kind === 'not-found') return <PortalNotFound />;
  if (result.kind === 'failed') return <BootFailed onRetry={onRetry} />;
  return <App tenant={{ bundle: result.bundle, language: result.language }} store={store} router={router} />;
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
  /** The store the first page's data was prefetched into (a new one when not given). */
  store?: AppStore | undefined;
  /** The server render's StaticRouter (the browser's router when not given). */
  router?: AppRouter | undefined;
}

/** Shows "portal not found", or the failure with a retry (loading while it runs), or the app. */
export function BootGate({ first, retry, store, router }: BootGateProps) {
  const [boot, setBoot] = useState<Boot>(first);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<BootLoading />}>
        <BootOutcome boot={boot} onRetry={() => setBoot(retry())} store={store} router={router} />
      </Suspense>
    </RouteErrorBoundary>
  );
}
