import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../lib/api';

/** The Redux store: RTK Query's cache is the only client state that needs Redux for now. */
export function createStore() {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
