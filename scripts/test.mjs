#!/usr/bin/env node
// Runs every kind of test: type-checking, lint, import boundaries (.dependency-cruiser.cjs), unit and
// API tests (PGlite, then PostgreSQL when DATABASE_URL is set), and browser end-to-end tests in Debian
// Chromium. Prints one closing line with the totals so CI can read it.
//
// Steps that use one core each (the type-checkers, the import checker, the portal's build) run two at a
// time on a 2-core machine, and the OIDC browser suite (one worker) runs beside the main one
// (issue 24 item 5, decision 0038); the unit and API tests run beside the browser tests, at a lower
// priority (decision 0053).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { NATIVE_TSC, WORKSPACES } from './typecheck.mjs';

/** How much lower the unit and API tests' priority is than the browser tests' (see runUnitAndApiTests). */
const UNIT_TESTS_NICENESS = 5;
const skip = new Set((process.env.TEST_SKIP ?? '').split(',').filter(Boolean));
const reports = mkdtempSync(join(tmpdir(), 'caudal-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** The failed tests by name, repeated beside the closing line so a CI log's tail says which one failed. */
const failedTests = [];
/** Every step's wall time, recapped before the closing line so a slow step is easy to spot. */
const steps = [];
const suiteStarted = Date.now();

function record(label, started, ok) {
  const seconds = (Date.now() - started) / 1000;
  steps.push({ label, seconds, ok });
  console.log(`${ok ? '✔' : '✘'} ${label} (${seconds.toFixed(1)} s)`);
  if (!ok) failures.push(label);
}

/**
 * Runs a step beside others: its output is kept and printed whole when it ends, so parallel steps never
 * interleave their lines.
 */
function runBeside(label, command, args, env = {}, baseEnv = process.env) {
  return new Promise((done) => {
    const started = Date.now();
    const output = [];
    const child = spawn(command, args, {
      env: { ...baseEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`\n▶ ${label}`);
      process.stdout.write(Buffer.concat(output));
      record(label, started, code === 0);
      done(code === 0);
    });
  });
}

/** Runs the steps (functions answering promises) `lanes` at a time, in the order given (longest first). */
async function runInLanes(label, stepsToRun, lanes = Math.min(2, availableParallelism())) {
  const started = Date.now();
  const queue = [...stepsToRun];
  const results = [];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let step = queue.shift(); step; step = queue.shift()) results.push(await step());
    }),
  );
  console.log(`(${label}: ${((Date.now() - started) / 1000).toFixed(1)} s in all, ${lanes} at a time)`);
  return results;
}

function countVitest(file, label) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const testFile of report.testResults ?? []) {
      for (const test of testFile.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
        failedTests.push(
          `${label}: ${testFile.name.replace(`${process.cwd()}/`, '')} › ${test.fullName} (${reason})`,
        );
      }
    }
  } catch {
    totals.failed += 1;
  }
}

function countPlaywright(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const { stats } = report;
    // A test that passed only on a retry (E2E_RETRIES) is a defect: it counts as failed, except where
    // E2E_ALLOW_FLAKY=1 keeps the retry as a safety net (CI, .ci/run), which still names it loudly.
    const isFlakyAllowed = process.env.E2E_ALLOW_FLAKY === '1';
    totals.passed += stats.expected + (isFlakyAllowed ? stats.flaky : 0);
    totals.failed += stats.unexpected + (isFlakyAllowed ? 0 : stats.flaky);
    totals.skipped += stats.skipped;
    collectPlaywrightFailures(report);
    if (stats.flaky > 0) console.log(`✘ ${stats.flaky} test(s) passed only on a retry (see "flaky" above)`);
    return stats.unexpected + (isFlakyAllowed ? 0 : stats.flaky);
  } catch {
    totals.failed += 1;
    return 1;
  }
}

/** Names each browser test that did not pass at its first try (a retry that passed included). */
function collectPlaywrightFailures(report) {
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const first = test.results?.find((result) => result.status !== 'passed');
        const reason = (first?.error?.message ?? '').split('\n')[0].slice(0, 200);
        failedTests.push(
          `browser (${test.status}): ${spec.file} › ${spec.title} [${test.projectName}] (${reason})`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
}

/** Where the browser time goes: the spec files by the summed time of their tests (all workers). */
function printSlowestSpecs(file) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return;
  }
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const slowest = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 8);
  if (slowest.length === 0) return;
  console.log('Slowest spec files (summed test time):');
  for (const [name, ms] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
}

// The static checks and the portal's build: each uses about one core. Longest first.
const isE2eWanted = !skip.has('e2e');
const staticSteps = [];
if (!skip.has('typecheck')) {
  // Every workspace, the largest first, with the native compiler (decision 0048).
  for (const workspace of WORKSPACES) {
    staticSteps.push(() =>
      runBeside(`typecheck ${workspace}`, process.execPath, [NATIVE_TSC, '-p', workspace]),
    );
  }
}
// The e2e servers' demo database, migrated and seeded once here, beside the static checks: each e2e
// server then starts on a copy (e2e/fixtures/fresh-data-dir.mjs) instead of seeding its own.
const seededDataDir = join(reports, 'e2e-seeded-data');
let isSeeded = false;
if (isE2eWanted) {
  staticSteps.push(async () => {
    isSeeded = await runBeside('seed the e2e database', 'npx', ['tsx', 'apps/api/src/main.ts'], {
      CAUDAL_PREPARE_ONLY: '1',
      DATA_DIR: seededDataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    });
  });
}
let isPortalBuilt = null;
if (isE2eWanted) {
  staticSteps.push(async () => {
    isPortalBuilt = await runBeside('build the portal', 'npm', ['run', 'build', '-w', '@caudal/web']);
  });
}
if (!skip.has('boundaries'))
  staticSteps.push(() =>
    runBeside('import boundaries (dependency-cruiser)', 'npm', ['run', '--silent', 'check:deps']),
  );
if (!skip.has('lint')) staticSteps.push(() => runBeside('lint (biome)', 'npx', ['biome', 'check', '.']));
await runInLanes('static checks and build', staticSteps);

/**
 * The unit and API tests, PGlite then PostgreSQL, beside the browser tests (decision 0053): the browser
 * tests leave about a third of the two cores idle while pages, mail, jobs and timers are awaited, and the
 * API tests fill it. They run at a lower priority (`nice`), so the browser tests' timings stay as they
 * were and the API tests take what is left; they finish well before the browser tests.
 */
async function runUnitAndApiTests() {
  const embedded = join(reports, 'vitest-pglite.json');
  const { DATABASE_URL, ...withoutDatabase } = process.env;
  const vitest = (file, extra = []) => [
    '-n',
    String(UNIT_TESTS_NICENESS),
    'npx',
    'vitest',
    'run',
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  await runBeside('unit and API tests on PGlite', 'nice', vitest(embedded), {}, withoutDatabase);
  countVitest(embedded, 'PGlite');
  if (!DATABASE_URL) {
    console.log('\n(DATABASE_URL is not set: API tests ran on PGlite only)');
    return;
  }
  const server = join(reports, 'vitest-postgres.json');
  await runBeside('API tests on PostgreSQL', 'nice', vitest(server, ['--project', 'api']), { DATABASE_URL });
  countVitest(server, 'PostgreSQL');
}

async function runBrowserTests() {
  const started = Date.now();
  const chromium = ensureChromium();
  record('find Chromium', started, chromium !== null);
  if (!chromium) {
    totals.failed += 1;
    return;
  }
  if (!isPortalBuilt) return;
  const suites = [
    { label: 'browser end-to-end tests (Chromium)', config: 'e2e/playwright.config.ts' },
    {
      label: 'OIDC sign-in end-to-end (oidc-provider + Chromium)',
      config: 'e2e/oidc/playwright.oidc.config.ts',
    },
  ];
  // The OIDC suite (one worker, its own ports) runs beside the main one, which prints as it goes.
  const outcomes = await Promise.all(
    suites.map((suite, index) => {
      const report = join(reports, `playwright-${index}.json`);
      // The browser tests always run on a fresh embedded database with the demo seed.
      const env = {
        DATABASE_URL: '',
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
        ...(isSeeded ? { E2E_SEEDED_DATA_DIR: seededDataDir } : {}),
      };
      const args = ['playwright', 'test', '--config', suite.config];
      const ran =
        index === 0
          ? new Promise((done) => {
              console.log(`\n▶ ${suite.label}`);
              const suiteStarted = Date.now();
              const child = spawn('npx', args, { stdio: 'inherit', env: { ...process.env, ...env } });
              child.on('close', (code) => {
                record(suite.label, suiteStarted, code === 0);
                done(code === 0);
              });
            })
          : runBeside(suite.label, 'npx', args, env);
      return ran.then((ok) => ({ suite, report, ok }));
    }),
  );
  for (const { suite, report, ok } of outcomes) {
    const failed = countPlaywright(report);
    // A suite that failed before any test ran (its server did not start) still counts as a failure.
    if (!ok && failed === 0) totals.failed += 1;
    if (ok && failed > 0) failures.push(`${suite.label} (a test passed only on a retry)`);
    printSlowestSpecs(report);
  }
}

await Promise.all([skip.has('unit') ? null : runUnitAndApiTests(), isE2eWanted ? runBrowserTests() : null]);

rmSync(reports, { recursive: true, force: true });
console.log('\nStep times:');
for (const step of steps) {
  console.log(`  ${step.ok ? '✔' : '✘'} ${step.seconds.toFixed(1).padStart(7)} s  ${step.label}`);
}
console.log(`  ${((Date.now() - suiteStarted) / 1000).toFixed(1).padStart(9)} s  in all`);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
if (failedTests.length > 0)
  console.log(
    `\nTests that failed, or passed only on a retry (flaky):\n${failedTests.map((name) => `  ✘ ${name}`).join('\n')}`,
  );
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
