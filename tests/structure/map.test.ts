import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md "Map" names every server module, platform service and web feature, so that a
// newcomer finds a feature's code in one guess. A folder added, renamed or removed without the map
// following fails here.
const root = path.resolve(import.meta.dirname, '../..');
const PARENTS = ['server/modules', 'server/services', 'src/features'] as const;

/** The folders the map's tables name: rows that start with a path such as `server/modules/x/`. */
function mapFolders(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Map\n')) ?? '';
  const row = new RegExp(`^\\| \`((?:${PARENTS.join('|')})/[a-z0-9-]+)/\` +\\|`, 'gm');
  return [...section.matchAll(row)].map((m) => m[1]!);
}

/** Folders under a parent that hold at least one file (an emptied folder left behind is not one). */
function foldersOnDisk(parent: string): string[] {
  const holdsFiles = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((entry) =>
      entry.isDirectory() ? holdsFiles(path.join(dir, entry.name)) : true,
    );
  return readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && holdsFiles(path.join(root, parent, entry.name)))
    .map((entry) => `${parent}/${entry.name}`);
}

/** What the map lacks and what it names in vain. */
function differences(named: string[], onDisk: string[]) {
  return {
    unnamed: onDisk.filter((folder) => !named.includes(folder)).sort(),
    gone: named.filter((folder) => !onDisk.includes(folder)).sort(),
  };
}

describe('the map in ARCHITECTURE.md', () => {
  it('names every module, service and feature folder, and none that is gone', () => {
    const named = mapFolders(readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8'));
    const onDisk = PARENTS.flatMap(foldersOnDisk);
    expect(onDisk.length).toBeGreaterThan(50);
    expect(differences(named, onDisk)).toEqual({ unnamed: [], gone: [] });
    expect(named.length, 'a folder named twice').toBe(new Set(named).size);
  });

  it('reads only the Map section and tells a missing folder from a stale one', () => {
    const markdown = [
      '## Layout',
      '| `server/modules/elsewhere/` | not the map |',
      '## Map',
      '| `server/modules/search/` | search |',
      '| `server/modules/discovery/` | gone |',
      '## Platform services',
      '| `server/services/later/` | not the map |',
    ].join('\n');
    expect(mapFolders(markdown)).toEqual(['server/modules/search', 'server/modules/discovery']);
    expect(differences(mapFolders(markdown), ['server/modules/search', 'server/modules/wallet'])).toEqual({
      unnamed: ['server/modules/wallet'],
      gone: ['server/modules/discovery'],
    });
  });
});
