import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../lib/api';
import type { ServerRequestContext } from '../lib/base-query';

/**
 * The Redux store: RTK Query's cache is the only client state that needs Redux for now. A server
 * render passes its request context (src/app/entry-server.tsx) as the thunks' `extra`, which the
 * base query uses instead of the browser's fetch and storage.
 */
export function createStore(server?: ServerRequestContext) {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: server } }).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
