import { cleanup } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll } from 'vitest';
import vi from '../lib/i18n/vi.json';
import { server } from './msw-server';

// Component tests read real Vietnamese texts, loaded synchronously (the app loads them lazily).
await i18n.use(initReactI18next).init({
  lng: 'vi',
  fallbackLng: 'vi',
  resources: { vi: { translation: vi } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  initAsync: false,
});

// One fake server for every file: a request no test answers is an error, not a silent hang or a
// real network call, and each test's answers end with it.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
