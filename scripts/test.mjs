#!/usr/bin/env node
// Runs every kind of test: type-checking, lint, import boundaries (.dependency-cruiser.cjs), unit and
// API tests (PGlite, then PostgreSQL when DATABASE_URL is set), and browser end-to-end tests in Debian
// Chromium. Prints one closing line
// with the totals so CI can read it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const skip = new Set((process.env.TEST_SKIP ?? '').split(',').filter(Boolean));
const workspaces = ['packages/contract', 'apps/api', 'apps/web', 'e2e', 'bench'];
const reports = mkdtempSync(join(tmpdir(), 'caudal-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Every step's wall time, recapped before the closing line so a slow step is easy to spot. */
const steps = [];
const suiteStarted = Date.now();

function record(label, started, ok) {
  const seconds = (Date.now() - started) / 1000;
  steps.push({ label, seconds, ok });
  console.log(`${ok ? '✔' : '✘'} ${label} (${seconds.toFixed(1)} s)`);
  if (!ok) failures.push(label);
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  record(label, started, ok);
  return ok;
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } catch {
    totals.failed += 1;
  }
}

function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    return stats.unexpected;
  } catch {
    totals.failed += 1;
    return 1;
  }
}

if (!skip.has('typecheck')) {
  for (const workspace of workspaces) run(`typecheck ${workspace}`, 'npx', ['tsc', '-p', workspace]);
}
if (!skip.has('lint')) run('lint (biome)', 'npx', ['biome', 'check', '.']);
if (!skip.has('boundaries'))
  run('import boundaries (dependency-cruiser)', 'npm', ['run', '--silent', 'check:deps']);

if (!skip.has('unit')) {
  const embedded = join(reports, 'vitest-pglite.json');
  const { DATABASE_URL, ...withoutDatabase } = process.env;
  console.log('\n▶ unit and API tests on PGlite');
  const started = Date.now();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${embedded}`],
    {
      stdio: 'inherit',
      env: withoutDatabase,
    },
  );
  record('unit and API tests on PGlite', started, result.status === 0);
  countVitest(embedded);

  if (DATABASE_URL) {
    const server = join(reports, 'vitest-postgres.json');
    run(
      'API tests on PostgreSQL',
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'api',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${server}`,
      ],
      { DATABASE_URL },
    );
    countVitest(server);
  } else {
    console.log('\n(DATABASE_URL is not set: API tests ran on PGlite only)');
  }
}

if (!skip.has('e2e')) {
  const started = Date.now();
  const chromium = ensureChromium();
  record('find Chromium', started, chromium !== null);
  if (!chromium) {
    totals.failed += 1;
  } else if (run('build the portal', 'npm', ['run', 'build', '-w', '@caudal/web'])) {
    const suites = [
      { label: 'browser end-to-end tests (Chromium)', config: 'e2e/playwright.config.ts' },
      {
        label: 'OIDC sign-in end-to-end (oidc-provider + Chromium)',
        config: 'e2e/oidc/playwright.oidc.config.ts',
      },
    ];
    for (const [index, suite] of suites.entries()) {
      const report = join(reports, `playwright-${index}.json`);
      // The browser tests always run on a fresh embedded database with the demo seed.
      const ok = run(suite.label, 'npx', ['playwright', 'test', '--config', suite.config], {
        DATABASE_URL: '',
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      });
      const failed = countPlaywright(report);
      // A suite that failed before any test ran (its server did not start) still counts as a failure.
      if (!ok && failed === 0) totals.failed += 1;
    }
  }
}

rmSync(reports, { recursive: true, force: true });
console.log('\nStep times:');
for (const step of steps) {
  console.log(`  ${step.ok ? '✔' : '✘'} ${step.seconds.toFixed(1).padStart(7)} s  ${step.label}`);
}
console.log(`  ${((Date.now() - suiteStarted) / 1000).toFixed(1).padStart(9)} s  in all`);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
