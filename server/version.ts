import { readFileSync } from 'node:fs';

/** The product version shown in the footer (package.json). */
export const APP_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;
