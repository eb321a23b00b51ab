import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes .br and .gz beside every text asset in dist/ at build time, at maximum compression,
 * so the server sends precompressed files instead of compressing on each request.
 */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

let count = 0;
// dist/server is the server render's code (src/app/entry-server.tsx), never sent to browsers.
const SERVER_BUNDLE = path.join('dist', 'server') + path.sep;
for (const file of walk('dist')) {
  if (!COMPRESSIBLE.test(file) || file.endsWith('.map') || file.startsWith(SERVER_BUNDLE)) continue;
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files`);
