import { Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BreadcrumbBar } from './layout/breadcrumb-bar';
import { LoadingBar } from './layout/loading-bar';
import type { Crumb } from '../../schemas/routes';
import { RouteErrorBoundary } from './routes/route-error-boundary';

interface RoutePageProps {
  /** The page, a React.lazy component made once per route when the routes are composed. */
  page: ComponentType;
  crumbs?: Crumb[] | undefined;
  crumbsFor?: ((search: URLSearchParams) => Crumb[] | undefined) | undefined;
}

/**
 * One routed page: its breadcrumb bar at once, then the page, whose code loads on first visit.
 * Each route gets its own Suspense boundary (the element is keyed by path), so navigating to a
 * page whose code is not loaded yet shows the delayed loading bar instead of freezing.
 */
export function RoutePage({ page: Page, crumbs, crumbsFor }: RoutePageProps) {
  const [search] = useSearchParams();
  const trail = crumbsFor?.(search) ?? crumbs;
  return (
    <>
      {trail && <BreadcrumbBar crumbs={trail} />}
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingBar />}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
