import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// Module boundaries and import cycles are enforced by lint (eslint.config.js,
// scripts/eslint/module-boundaries.js): these prove the rules fire on a reach and a cycle.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module boundaries', () => {
  it("stop a server module importing another module's file", async () => {
    const hits = await rulesHit(
      'server/modules/wallet/probe.ts',
      "import { makeAppointment } from '../appointments/make-appointment';\nexport const probe = makeAppointment;\n",
    );
    expect(hits.join('\n')).toMatch(/boundaries\/module-boundaries: .*server module appointments/);
  });

  it("let a server module import another module's index", async () => {
    const hits = await rulesHit(
      'server/modules/wallet/probe.ts',
      "import { quotePrice } from '../appointments/index';\nexport const probe = quotePrice;\n",
    );
    expect(hits.filter((h) => h.startsWith('boundaries/'))).toEqual([]);
  });

  it("stop a web feature importing another feature's file", async () => {
    const hits = await rulesHit(
      'src/features/care/probe.ts',
      "import { statusKey } from '../appointments/labels';\nexport const probe = statusKey;\n",
    );
    expect(hits.join('\n')).toMatch(/boundaries\/module-boundaries: .*web feature appointments/);
  });

  it("let tests, not production code, use another module's test support", async () => {
    const code = "import { createUser } from '../accounts/test-support';\nexport const probe = createUser;\n";
    expect(
      (await rulesHit('server/modules/wallet/probe.test.ts', code)).filter((h) =>
        h.startsWith('boundaries/'),
      ),
    ).toEqual([]);
    expect((await rulesHit('server/modules/wallet/probe.ts', code)).join('\n')).toMatch(
      /only tests may use it/,
    );
  });
});

describe('import cycles', () => {
  const dir = mkdtempSync(path.join(root, 'server/lib/cycle-probe-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fail lint', async () => {
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = (): unknown => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): unknown => a;\n");
    const results = await eslint.lintFiles([path.join(dir, 'a.ts')]);
    expect(results[0]?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
