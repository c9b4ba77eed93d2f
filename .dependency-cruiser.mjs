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
  // The provider world and its outbox, under the mocks (and, later, the HTTP emulator); its dispatcher
  // delivers the outbox's events through the harness's targets.
  emulator: ['harness', 'providers', 'signers'],
  msw: ['emulator', 'providers', 'signers'],
  // What both shells share over the service: finding and loading the user's relay.ts.
  project: ['service', 'providers', 'signers'],
  // relay emulate serves the emulator, as relay dev serves the service.
  cli: ['project', 'harness', 'service', 'emulator', 'providers', 'signers'],
  // The runner-neutral test core: starts the service (and the emulator) for a run, hands them to workers, the fixture, the matchers.
  testing: ['project', 'harness', 'service', 'emulator', 'providers', 'signers'],
  // A runner adapter is a thin shell over the test core (and the msw binding, for mockProviders).
  'vitest-plugin': ['testing', 'msw'],
  // Jest's and node:test's adapters are thin shells over the test core too (neither runs the msw mocks).
  jest: ['testing'],
  'node-test': ['testing'],
};

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

/**
 * Packages that only some layers may import: a runner or a mock library in its adapter, an optional peer
 * where its entry is, faker where bodies are made. `packages` is matched under node_modules/.
 */
const packageHomes = [
  {
    name: 'msw-only-in-msw',
    packages: 'msw',
    layers: ['msw'],
    // emulator.handlers() binds the emulator into msw (loaded only when called: msw is an optional peer).
    files: ['src/emulator/msw.ts'],
    why:
      "The msw package is imported in src/msw/ only, and in src/emulator/msw.ts, which binds emulator.handlers(): the providers' " +
      'API routes are written against web Request and Response, so that the same routes serve any other runtime.',
  },
  {
    name: 'vitest-only-in-vitest-plugin',
    packages: 'vitest|@vitest/[^/]+',
    layers: ['vitest-plugin'],
    why:
      'Only the Vitest adapter (src/vitest-plugin/) may import vitest: the test core (src/testing/) and every other ' +
      'layer must load under Jest and node:test, where vitest is not installed.',
  },
  {
    name: 'jest-only-in-jest',
    packages: 'jest|@jest/[^/]+|expect|jest-[^/]+|ts-jest',
    layers: ['jest'],
    why:
      'Only the Jest adapter (src/jest/) may import Jest (@jest/globals, and the expect types it augments): every other ' +
      'entry loads under Vitest and node:test, where Jest is not installed.',
  },
  {
    name: 'faker-where-bodies-are-made',
    packages: '@faker-js/[^/]+',
    layers: ['providers', 'harness'],
    why:
      "@faker-js/faker draws the values of fabricated bodies: the providers' payload builders and the harness that " +
      'builds and scrubs deliveries. The service, the shells and the test core never make up data.',
  },
  {
    name: 'fast-check-only-in-harness',
    packages: 'fast-check',
    layers: ['harness'],
    why:
      'fast-check is an optional peer: only the harness (relaykit/fast-check: arbitraries, assertRejectsForgeries, ' +
      'assertIdempotent) imports it, so every other entry loads without it installed.',
  },
];

const exactly = (file) => `^${file.replace(/[.]/g, '\\.')}$`;

const packageRules = packageHomes.map(({ name, packages, layers, files = [], why }) => ({
  name,
  comment: why,
  severity: 'error',
  from: { path: '^src/', pathNot: [folders(layers), ...files.map(exactly)] },
  to: { path: `(^|/)node_modules/(${packages})/` },
}));

const cycleRules = [
  {
    name: 'no-circular',
    comment:
      'Files in a cycle can only be understood, tested and moved together, and what each sees at load ' +
      'time depends on which was imported first.',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
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
    {
      name: 'providers-through-barrel',
      comment:
        'Outside src/providers, the providers are reached through src/providers/index.ts only: the one door ' +
        'says what the other layers depend on, and the folders behind it can move without touching them. ' +
        'No exception: the public entries (src/index.ts included) re-export from that barrel too.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/providers/' },
      to: { path: '^src/providers/', pathNot: ['^src/providers/index\\.ts$', '^src/providers/internal\\.ts$'] },
    },
    {
      name: 'providers-internal-door',
      comment:
        'src/providers/internal.ts (the slices\' API routes, world adapters and their helpers) is for the layers that ' +
        'serve those APIs, the emulator and msw; every other layer and the public entries use src/providers/index.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(providers|emulator|msw)/' },
      to: { path: '^src/providers/internal\\.ts$' },
    },
    {
      name: 'harness-through-barrel',
      comment:
        'The shells, the test core and the emulator (the CLI, src/testing/, the runner adapters, project loading, src/emulator/) reach the harness ' +
        'through src/harness/index.ts only: the one door says what they depend on, and the files behind it can move ' +
        'without touching them. The public entries (src/index.ts, src/harness/fast-check.ts) choose their own exports.',
      severity: 'error',
      from: { path: folders(['cli', 'testing', 'vitest-plugin', 'jest', 'node-test', 'project', 'emulator']) },
      to: { path: '^src/harness/', pathNot: '^src/harness/index\\.ts$' },
    },
    {
      name: 'dashboard-client-alone',
      comment:
        'src/dashboard-client/ is the browser page, bundled on its own: it may import only itself and the types of ' +
        "the dashboard's wire format (src/service/dashboard/wire.ts), so that no server code reaches the bundle.",
      severity: 'error',
      from: { path: '^src/dashboard-client/' },
      to: { path: '^src/', pathNot: ['^src/dashboard-client/', '^src/service/dashboard/wire\\.ts$'] },
    },
    {
      name: 'service-core-runtime-free',
      comment:
        "The service's core (executions, routes, runner, views, http) is a fetch handler over the Store interface: it " +
        'never imports the node adapter (node.ts) or a store implementation, so the same core runs in any runtime and ' +
        'on any store that keeps the contract (store/types.ts).',
      severity: 'error',
      from: { path: '^src/service/(executions|routes|runner|views|http)\\.ts$' },
      to: { path: '^src/service/(node\\.ts$|store/)', pathNot: '^src/service/store/types\\.ts$' },
    },
    {
      name: 'store-chosen-through-open',
      comment:
        'Outside src/service/store/, a store is chosen with openStore (open.ts) and used through the Store interface ' +
        '(types.ts); the barrel (index.ts) exports the stores, and shared.ts the cursor format. No other layer or service ' +
        'module reaches a store implementation (memory.ts, sqlite*.ts, schemes.ts, …): a new store is one file there.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/service/store/' },
      to: { path: '^src/service/store/', pathNot: '^src/service/store/(index|open|types|shared)\\.ts$' },
    },
    {
      name: 'store-contract-runner-free',
      comment:
        'The Store contract suite (relaykit/store-contract) is registered with the caller\'s describe/it/expect: it imports ' +
        'no test runner and no fast-check, so that it loads under Vitest, Jest and node:test alike.',
      severity: 'error',
      from: { path: '^src/service/store/contract/' },
      to: { path: '(^|/)node_modules/(vitest|@vitest/[^/]+|jest|@jest/[^/]+|fast-check)/' },
    },
    ...packageRules,
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
