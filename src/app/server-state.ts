import type { LanguageCode } from '../../schemas/tenant.schema';
import type { AppStore } from './store';
import { HYDRATE_API } from '../lib/api';
import { rememberLanguage } from '../lib/i18n/language';

/** What a server-rendered page carries in its #sk-state data block (src/app/entry-server.tsx). */
export interface ServerState {
  /** The language the server rendered in: the browser hydrates in the same one. */
  language: LanguageCode;
  /** The tenant's languages (to tell whether a stored choice could have been rendered). */
  offered: LanguageCode[];
  /** RTK Query's queries and tags the page rendered with. */
  api: Record<string, unknown>;
}

/**
 * The server-rendered page's state, taken once; null for a page the browser renders (the loading
 * shell is in #root, or the block is broken), and null when the visitor's stored language is
 * another one the tenant offers and the URL names none: a choice stored before the server could
 * know it (no `lang` cookie yet) wins, as before server rendering, and the browser renders the
 * page in it (the cookie is set then, so the next page comes rendered in it).
 */
export function takeServerState(stored: LanguageCode | null, search: string): ServerState | null {
  const element = document.getElementById('sk-state');
  if (!element) return null;
  element.remove();
  let state: ServerState | null;
  try {
    state = JSON.parse(element.textContent ?? '') as ServerState | null;
  } catch {
    return null;
  }
  if (!state || (state.language !== 'vi' && state.language !== 'en') || !state.api) return null;
  const overridden =
    !new URLSearchParams(search).has('lang') &&
    stored !== null &&
    stored !== state.language &&
    (state.offered ?? []).includes(stored);
  if (overridden) {
    rememberLanguage(stored);
    return null;
  }
  return state;
}

/** Puts the server's query results into the store: the page's hooks find them and fetch nothing. */
export function hydrateStore(store: AppStore, state: ServerState): void {
  store.dispatch({ type: HYDRATE_API, payload: { api: state.api } });
}
