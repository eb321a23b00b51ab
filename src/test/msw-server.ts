import { setupServer } from 'msw/node';

/**
 * The one fake server of the web tests (MSW): it intercepts fetch below the app, so the real store,
 * RTK Query endpoints, base query and stream reader run. Started in src/test/setup.ts; a test adds
 * its answers with `fakeApi` (src/test/fake-api.ts), and they are dropped after the test.
 */
export const server = setupServer();
