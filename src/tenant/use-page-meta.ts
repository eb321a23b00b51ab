import { useEffect } from 'react';
import { useDocumentTitle } from './use-document-title';
import { useTenantName } from './tenant-context';

/**
 * Sets the page title ("<page> | <tenant>") and the meta description, prefixed with the tenant's
 * name so shared links and search results carry the brand. The server writes the tenant's own
 * description into index.html; this replaces it while the page is shown.
 */
export function usePageMeta(title: string | null | undefined, description: string): void {
  useDocumentTitle(title);
  const tenantName = useTenantName();
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = `${tenantName}: ${description}`;
  }, [description, tenantName]);
}
