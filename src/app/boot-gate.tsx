import { lazy, Suspense, use, useState } from 'react';
import { BootFailed, BootLoading, PortalNotFound } from '../tenant/boot-screens';
import type { BootResult } from '../tenant/boot';
import { RouteErrorBoundary } from './routes/route-error-boundary';

// The app (router, store, layout) downloads while the boot request runs; the loading state
// needs none of it, so it paints from the small entry chunk.
export const loadApp = () => import('./app');
const App = lazy(() => loadApp().then((module) => ({ default: module.App })));

function BootOutcome({ boot, onRetry }: { boot: Promise<BootResult>; onRetry: () => void }) {
  const result = use(boot);
  if (result.kind === 'not-found') return <PortalNotFound />;
  if (result.kind === 'failed') return <BootFailed onRetry={onRetry} />;
  return <App tenant={{ bundle: result.bundle, language: result.language }} />;
}

interface BootGateProps {
  /** The boot already under way (started before React rendered, to save a round trip). */
  first: Promise<BootResult>;
  retry: () => Promise<BootResult>;
}

/** Shows loading, retry or "portal not found" until the tenant is booted, then the app. */
export function BootGate({ first, retry }: BootGateProps) {
  const [boot, setBoot] = useState(first);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<BootLoading />}>
        <BootOutcome boot={boot} onRetry={() => setBoot(retry())} />
      </Suspense>
    </RouteErrorBoundary>
  );
}
