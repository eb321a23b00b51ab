// Module boundaries (ARCHITECTURE.md, "Platform services" and "Layout"): a server module, a server
// service and a web feature are each used from outside only through their index.ts, so a module's
// files can change without reaching into every other module. Test code may also use another
// module's test support (fixtures, test servers); production code may not.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The bounded units. `from` says which importers the rule holds to the unit's index: a module binds
 * the other modules, a service all server code, a feature the other features (the app shell,
 * src/app, lazily loads each feature's route pages by file so the pages stay in chunks of their
 * own). The system tests, benches and load scripts under tests/ drive internals on purpose (clocks,
 * search engines side by side) and are not bound.
 */
const UNITS = [
  {
    dir: 'server/modules/',
    what: 'server module',
    from: (importer) => importer.startsWith('server/modules/'),
  },
  { dir: 'server/services/', what: 'server service', from: (importer) => !importer.startsWith('tests/') },
  { dir: 'src/features/', what: 'web feature', from: (importer) => importer.startsWith('src/features/') },
];

/** A module's test support: fixtures, test servers and test-support helpers. */
const TEST_SUPPORT = /(^|[-.])(test-support|fixtures?|test-server)([-.]|$)/;
const isTestSupport = (file) => TEST_SUPPORT.test(path.posix.basename(file).replace(/\.[jt]sx?$/, ''));
/** Test code: test files, the tests/ tree and the test support files themselves. */
const isTestCode = (file) =>
  /\.test\.[jt]sx?$/.test(file) || file.startsWith('tests/') || isTestSupport(file);

/** The unit a repository-relative path lies in, and the path inside it; null outside any unit. */
function unitOf(file) {
  for (const unit of UNITS) {
    if (!file.startsWith(unit.dir)) continue;
    const [name, ...rest] = file.slice(unit.dir.length).split('/');
    if (rest.length === 0) return null; // a file beside the units (server/modules/index.ts)
    return { unit, name, inner: rest.join('/') };
  }
  return null;
}

const isIndex = (inner) => inner === '' || /^index(\.[jt]sx?)?$/.test(inner);

/** @type {import('eslint').Rule.RuleModule} */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another module, service or feature only through its index.ts' },
    schema: [
      {
        type: 'object',
        properties: {
          // Public files besides index.ts: `to` a regular expression over the repository path
          // without extension, `from` the importers it is open to (repository paths; all if absent).
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: { to: { type: 'string' }, from: { type: 'array', items: { type: 'string' } } },
              required: ['to'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      internal:
        "{{importer}} imports '{{target}}', a file inside the {{what}} {{name}}: import it through '{{index}}' (export what is needed there).",
      testSupport:
        "{{importer}} is production code and imports '{{target}}', test support of the {{what}} {{name}}: only tests may use it.",
    },
  },
  create(context) {
    const importer = path.relative(ROOT, context.physicalFilename).split(path.sep).join('/');
    if (importer.startsWith('..')) return {};
    const allow = (context.options[0]?.allow ?? [])
      .filter((entry) => !entry.from || entry.from.includes(importer))
      .map((entry) => new RegExp(`^(?:${entry.to})$`));
    const own = unitOf(importer);

    function check(source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(importer), source.value));
      const target = unitOf(resolved);
      if (!target || isIndex(target.inner) || !target.unit.from(importer)) return;
      if (own && own.unit === target.unit && own.name === target.name) return;
      const bare = resolved.replace(/\.[jt]sx?$/, '');
      if (allow.some((to) => to.test(bare))) return;
      const data = {
        importer,
        target: source.value,
        what: target.unit.what,
        name: target.name,
        index: `${target.unit.dir}${target.name}/index.ts`,
      };
      if (isTestSupport(resolved)) {
        if (!isTestCode(importer)) context.report({ node: source, messageId: 'testSupport', data });
        return;
      }
      context.report({ node: source, messageId: 'internal', data });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source),
    };
  },
};

/** The local ESLint plugin: `boundaries/module-boundaries`. */
export default { rules: { 'module-boundaries': moduleBoundaries } };
