import { useEffect } from 'react';
import { useTenantName } from './tenant-context';

/** Sets document.title to "<page> | <tenant name>" (just the tenant name without a page). */
export function useDocumentTitle(page: string | null | undefined): void {
  const tenantName = useTenantName();
  useEffect(() => {
    document.title = page ? `${page} | ${tenantName}` : tenantName;
  }, [page, tenantName]);
}
