import { buildWebIfStale } from '../../scripts/web-build';

/**
 * Vitest globalSetup of `npm run test:scale`: the browser proofs (video-call.test.ts) load the
 * built web app from the servers, so dist/ is built first when missing or older than its sources
 * (as `npm start` does; about 15 s, nothing when it is fresh).
 */
export default function setup() {
  if (buildWebIfStale() !== 0) throw new Error('npm run build failed');
}
