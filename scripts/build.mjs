#!/usr/bin/env node
// Builds what `npm start` runs: the portal (Vite, into apps/web/dist) and the API (esbuild: the server
// at apps/api/dist/main.js, the export worker at dist/export-worker.js and the custom-CSS worker thread
// at dist/custom-css-worker.js, with the contract package
// inlined; decision 0018). Each target is
// rebuilt only when it is missing or stale: a hash of its inputs' contents is kept beside the output,
// so a second start skips both builds.
//
//   node scripts/build.mjs            build what is missing or stale
//   node scripts/build.mjs --force    build both anyway
//   node scripts/build.mjs --api      only the API (also --web)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const STAMP_DIR = join(ROOT, 'node_modules/.cache/caudal-build');
const SHARED_INPUTS = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json'];

/** What each build reads, what it writes, and how. Tests and test helpers never change the output. */
export const TARGETS = {
  web: {
    inputs: [
      ...SHARED_INPUTS,
      'apps/web/src',
      'apps/web/public',
      'apps/web/build',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/postcss.config.cjs',
      'apps/web/package.json',
    ],
    output: 'apps/web/dist/index.html',
    build: buildWeb,
  },
  api: {
    inputs: [...SHARED_INPUTS, 'apps/api/src', 'apps/api/package.json', 'scripts/build.mjs'],
    output: 'apps/api/dist/main.js',
    build: buildApi,
  },
};

function isBuildInput(path) {
  return !/\.test\.tsx?$/.test(path) && !path.includes('/src/test/');
}

function listFiles(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => listFiles(join(path, entry.name)));
}

/** A content hash (not mtimes: a fresh clone or a checkout touches every file without changing it). */
export function hashInputs(target) {
  const hash = createHash('sha256');
  for (const input of target.inputs) {
    for (const file of listFiles(join(ROOT, input))) {
      const path = relative(ROOT, file);
      if (!isBuildInput(path)) continue;
      hash.update(path).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

function stampPath(name) {
  return join(STAMP_DIR, `${name}.json`);
}

/** Fresh: the output exists, was written by the build that left the stamp, from the same inputs. */
export function isFresh(name, hash) {
  const output = join(ROOT, TARGETS[name].output);
  if (!existsSync(output) || !existsSync(stampPath(name))) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampPath(name), 'utf8'));
    return stamp.hash === hash && stamp.outputMtimeMs === statSync(output).mtimeMs;
  } catch {
    return false;
  }
}

function writeStamp(name, hash) {
  mkdirSync(STAMP_DIR, { recursive: true });
  const outputMtimeMs = statSync(join(ROOT, TARGETS[name].output)).mtimeMs;
  writeFileSync(stampPath(name), JSON.stringify({ hash, outputMtimeMs }));
}

async function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', '@caudal/web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the portal build failed');
}

async function buildApi() {
  const { build } = await import('esbuild');
  const outdir = join(ROOT, 'apps/api/dist');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    // The server, and the export worker process it forks (found beside it: features/exports/export-host.ts).
    entryPoints: {
      main: join(ROOT, 'apps/api/src/main.ts'),
      'export-worker': join(ROOT, 'apps/api/src/features/exports/export-worker.ts'),
      // The custom-CSS sanitiser's worker thread (shared/process/worker-pool.ts, decision 0023).
      'custom-css-worker': join(ROOT, 'apps/api/src/features/custom-css/css-sanitiser-worker.ts'),
      // The operator's command line (`npm run caudal -- …`, scripts/caudal.mjs).
      caudal: join(ROOT, 'apps/api/src/operator/main.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // Bundled CommonJS packages call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [externalPackages],
  });
  // Read at run time next to the bundle (db/migrate.ts resolves them from its own location).
  cpSync(join(ROOT, 'apps/api/src/db/migrations'), join(outdir, 'migrations'), { recursive: true });
}

/**
 * Packages that must load from node_modules: native addons, WebAssembly and data files found beside
 * their own module (PGlite, css-tree's JSON, swagger-ui's assets), pino (its worker-thread transports),
 * exceljs (imported lazily, on the first XLSX export), optional and test-only ones. Everything else, the
 * workspace's @caudal/* sources included, is bundled: one file loads faster than hundreds of modules.
 */
const EXTERNAL_PACKAGES = new Set([
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'css-tree',
  'exceljs',
  'oidc-provider',
  'pg-native',
  'pino',
  'swagger-ui-dist',
  'tsx',
]);

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') || EXTERNAL_PACKAGES.has(packageName(args.path))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/** Builds each named target that is missing or stale; answers the names it built. */
export async function buildIfStale(names = ['web', 'api'], { force = false, log = console.log } = {}) {
  const built = [];
  for (const name of names) {
    const target = TARGETS[name];
    const hash = hashInputs(target);
    if (!force && isFresh(name, hash)) continue;
    const started = Date.now();
    log(
      `Building ${name} (${target.output} is ${existsSync(join(ROOT, target.output)) ? 'stale' : 'missing'})…`,
    );
    await target.build();
    writeStamp(name, hash);
    log(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    built.push(name);
  }
  return built;
}

export const API_MAIN = join(ROOT, TARGETS.api.output);
export const API_DIR = dirname(API_MAIN);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const only = ['web', 'api'].filter((name) => args.includes(`--${name}`));
  await buildIfStale(only.length > 0 ? only : ['web', 'api'], { force: args.includes('--force') });
}
