// The architecture's import boundaries, checked by `npm test` (scripts/test.mjs) and `npm run check:deps`.
// Type-only imports count (tsPreCompilationDeps): a type cycle is still a cycle for the next reader.
// None is waived: fix the import, do not add an exception here.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-through-index',
      comment:
        'A feature imports another feature only through its index.ts (what it chose to offer), never its internals.',
      severity: 'error',
      from: { path: '^apps/(api|web)/src/features/([^/]+)/' },
      to: {
        path: '^apps/$1/src/features/',
        pathNot: ['^apps/$1/src/features/$2/', '^apps/$1/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'shared-not-features',
      comment: 'db/ and shared/ are below the features: they never import one (shared -> features -> app).',
      severity: 'error',
      from: { path: '^apps/(api|web)/src/(db|shared)/' },
      to: { path: '^apps/(api|web)/src/features/' },
    },
    {
      name: 'api-web-apart',
      comment: 'The API and the portal share only the contract package: neither imports the other.',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-api-apart',
      comment: 'The API and the portal share only the contract package: neither imports the other.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is zod only: it imports neither app.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-module-cycle',
      comment: 'Two modules of an app that import each other (type-only imports included).',
      severity: 'error',
      from: { path: '^apps/' },
      to: { circular: true },
    },
    {
      name: 'no-contract-runtime-cycle',
      comment:
        "In the contract, a zod-free module (routes.ts, credential-state.ts) takes its schemas' types from " +
        'calls.ts with a type-only import, so the portal loads no zod (decision 0028); any other cycle is refused.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Two folders whose modules import each other (type-only imports included).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Product code only. Tests and their fixtures compose features on purpose (a Link test needs a
    // client from wealth and a connection from connections); they are checked by running them.
    exclude: {
      path: [
        'node_modules',
        '(^|/)dist/',
        '\\.artifacts/',
        '\\.test\\.tsx?$',
        '-fixtures?\\.tsx?$',
        '^apps/api/src/test/',
        'vitest\\.config\\.ts$',
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
