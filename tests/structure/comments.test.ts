import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Code comments name features and spec sections, never the issue that asked for them: an issue
// number means nothing to the engineer who reads the code after the tracker is gone.
const CITES_AN_ISSUE = /\b[Ii]ssues? #?\d+\b|\(#\d+\)/;

describe('comments', () => {
  it('cite no issue numbers', () => {
    const files = execFileSync(
      'git',
      ['ls-files', 'server', 'src', 'schemas', 'tests', 'scripts', 'public'],
      {
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((f) => /\.(ts|tsx|js|sql)$/.test(f));
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (CITES_AN_ISSUE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
