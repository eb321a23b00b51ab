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

// One fake server for every file (src/test/msw-server.ts). A request no test answers is an error
// (MSW's 'error', and the test fails), never a silent failure or a real network call; each test's
// answers end with it.
const unanswered: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unanswered.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
afterEach(() => {
  server.resetHandlers();
  const missed = unanswered.splice(0);
  if (missed.length > 0) throw new Error(`No fake answered: ${missed.join(', ')}`);
});
afterAll(() => server.close());

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
