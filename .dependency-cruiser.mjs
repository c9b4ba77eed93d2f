/**
 * The one-way import rules of src/ (shared DESIGN.md, "Layout"), checked by `npm run lint:imports`
 * as part of `npm test`. test/architecture/imports.test.ts proves each kind of rule can fail.
 */

/**
 * The project folders each layer may import besides itself and `core`, the ground floor (which may
 * not exist yet). A folder not listed here, and the root barrel src/index.ts, are off limits to
 * every layer, so a new folder has to be placed in this table before anyone may import it.
 */
const mayImport = {
  core: [],
  signers: [],
  providers: ['signers'],
  harness: ['providers', 'signers'],
  service: ['providers', 'signers'],
  msw: ['providers', 'signers'],
  cli: ['harness', 'service', 'providers', 'signers'],
  'vitest-plugin': ['harness', 'service', 'msw', 'providers', 'signers'],
};

/**
 * Imports that close a cycle today, allowed one arrow at a time (exact from and to) so that any new
 * arrow in a cycle still fails. Delete a line once its cycle is gone; the test fails on a stale one.
 */
export const knownCycleArrows = [
  ['src/service/relay.ts', 'src/service/node.ts'], // known violation, being removed
  ['src/service/relay.ts', 'src/service/routes.ts'], // known violation, being removed
  ['src/service/node.ts', 'src/service/relay.ts'], // known violation, being removed
  ['src/service/node.ts', 'src/service/routes.ts'], // known violation, being removed
  ['src/service/routes.ts', 'src/service/relay.ts'], // known violation, being removed
  ['src/providers/github/repository.ts', 'src/providers/github/scene.ts'], // known violation, being removed
  ['src/providers/github/scene.ts', 'src/providers/github/repository.ts'], // known violation, being removed
];

const exactly = (file) => `^${file.replaceAll('.', '\\.')}$`;
const folders = (names) => `^src/(${names.join('|')})/`;

const layerRules = Object.entries(mayImport).map(([layer, lower]) => {
  const allowed = [...new Set([layer, ...lower, 'core'])];
  return {
    name: `${layer}-layer`,
    comment: `src/${layer}/ may import only ${allowed.join(', ')}: imports flow one way (DESIGN.md, Layout).`,
    severity: 'error',
    from: { path: folders([layer]) },
    to: { path: '^src/', pathNot: folders(allowed) },
  };
});

const knownCycleSources = [...new Set(knownCycleArrows.map(([from]) => from))];

const cycleRules = [
  {
    name: 'no-circular',
    comment:
      'Files in a cycle can only be understood, tested and moved together, and what each sees at load ' +
      'time depends on which was imported first.',
    severity: 'error',
    from: knownCycleSources.length > 0 ? { pathNot: knownCycleSources.map(exactly) } : {},
    to: { circular: true },
  },
  // The same rule for each file with a known cycle, less exactly its known arrows.
  ...knownCycleSources.map((source) => ({
    name: 'no-circular',
    severity: 'error',
    from: { path: exactly(source) },
    to: {
      circular: true,
      pathNot: knownCycleArrows.filter(([from]) => from === source).map(([, to]) => exactly(to)),
    },
  })),
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...layerRules,
    {
      name: 'root-barrel-not-to-cli',
      comment: 'src/index.ts is the library: it may gather every layer but the CLI, which is a shell over the library.',
      severity: 'error',
      from: { path: '^src/index\\.ts$' },
      to: { path: folders(['cli']) },
    },
    ...cycleRules,
    {
      name: 'no-unresolvable',
      comment: "An import the tool cannot resolve is an arrow it cannot check, so it fails instead of passing unseen.",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // `depcruise src`: only the shipped source is layered; test/, bench/ and examples/ may import anything.
    doNotFollow: { path: 'node_modules' },
    // Count `import type` too: a type from a higher layer couples the lower one to it just the same.
    tsPreCompilationDeps: true,
    // The project's own resolution (Bundler: `./x.js` in source is `./x.ts`).
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve packages through their `exports` as Node's ESM loader and tsc do (cac and faker's
    // locales resolve no other way), so that no-unresolvable only ever flags a real mistake.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'types', 'default'] },
    skipAnalysisNotInRules: true,
  },
};
