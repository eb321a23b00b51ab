import type { LanguageCode } from '../../schemas/tenant.schema';
import type { AppStore } from './store';
import { HYDRATE_API } from '../lib/api';

/** What a server-rendered page carries in its #sk-state data block (src/app/entry-server.tsx). */
export interface ServerState {
  /** The language the server rendered in: the browser hydrates in the same one. */
  language: LanguageCode;
  /** RTK Query's queries and tags the page rendered with. */
  api: Record<string, unknown>;
}

/**
 * The server-rendered page's state, taken once (null for a page the browser renders: the loading
 * shell is in #root, or the block is broken).
 */
export function takeServerState(): ServerState | null {
  const element = document.getElementById('sk-state');
  if (!element) return null;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as ServerState | null;
    return state && (state.language === 'vi' || state.language === 'en') && state.api ? state : null;
  } catch {
    return null;
  }
}

/** Puts the server's query results into the store: the page's hooks find them and fetch nothing. */
export function hydrateStore(store: AppStore, state: ServerState): void {
  store.dispatch({ type: HYDRATE_API, payload: { api: state.api } });
}
