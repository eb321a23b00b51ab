import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { gotoReady, portal } from './portal';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, Chunk>;
const zoomKey = Object.keys(manifest).find((key) => key.includes('@zoom/videosdk'))!;
const CALL_PAGE = 'src/features/video-call/routes/video-call-page.tsx';

test('the Zoom Video SDK is a chunk of its own that only the call screen may load', () => {
  expect(zoomKey, 'the built app holds the Zoom Video SDK').toBeTruthy();
  for (const [key, chunk] of Object.entries(manifest)) {
    // No chunk imports it statically: it never rides along with another page's code.
    expect(chunk.imports ?? [], key).not.toContain(zoomKey);
    if (key !== CALL_PAGE) expect(chunk.dynamicImports ?? [], key).not.toContain(zoomKey);
  }
  expect(manifest[CALL_PAGE]!.dynamicImports).toContain(zoomKey);
});

test('pages, the WebRTC call screen included, never download the Zoom Video SDK', async ({ page }) => {
  const zoomFile = `/${manifest[zoomKey]!.file}`;
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  for (const path of ['/', '/doctor-list', '/video-call/1', '/blog/'])
    await gotoReady(page, portal('songhong', path));
  expect(fetched.length).toBeGreaterThan(10);
  expect(fetched).not.toContain(zoomFile);
});
