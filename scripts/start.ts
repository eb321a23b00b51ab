import { buildWebIfStale } from './web-build';

/**
 * `npm start`: builds the web app when dist/ is missing or older than any web source, then runs
 * the server in this process (so SIGTERM reaches it directly).
 */
const status = buildWebIfStale();
if (status !== 0) process.exit(status);
await import('../server/server');
