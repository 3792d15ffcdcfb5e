// What a browser downloads before the first screen, per entry route, and Lighthouse performance scores.
// Builds the portal (unless --no-build), starts the real API serving it on a fresh embedded database with
// the demo seed, then for the login page and the signed-in client list:
//  1. Chromium (Playwright) loads the page cold and records every script and stylesheet requested until
//     the screen shows (data saver on, so idle-time route prefetch is not counted as first-load code);
//     sizes are gzip -9 of the built files (what the issue budgets) and the bytes actually transferred.
//  2. Lighthouse 12 (chrome-launcher, Debian Chromium) runs the desktop preset and the default mobile one,
//     3 cold runs each (--runs N), and prints the median performance score and metrics.
// Run inside the e2e lock (it builds and drives Chromium):
//   flock /tmp/caudal-e2e.lock npm run front-end -w @caudal/bench
// Options: --web-root DIR (a build elsewhere), --no-build, --no-lighthouse, --files (list first-load files),
// --runs N, --origin URL (measure a server already running with the demo seed, e.g. one serving
// WEB_ROOT=DIR on your own port; --web-root must name the build it serves), --route login|clients,
// --preset desktop|mobile.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { AUTH_STORAGE_KEY } from '@caudal/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';

const REPO = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
const DEMO = { company: 'Demo Wealth', username: 'demo', password: 'CaudalDemo1!' };
const BUDGET_BYTES = 200 * 1000;

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const runs = Number(option('--runs') ?? 3);
const webRoot = resolve(option('--web-root') ?? join(REPO, 'apps/web/dist'));
const skipLighthouse = args.includes('--no-lighthouse');
const givenOrigin = option('--origin');
const onlyRoute = option('--route');
const onlyPreset = option('--preset');

interface EntryRoute {
  name: string;
  path: string;
  signedIn: boolean;
  /** A CSS selector visible once the first screen shows. */
  ready: string;
}

const ALL_ROUTES: (EntryRoute & { key: string })[] = [
  {
    key: 'login',
    name: 'login page',
    path: '/es/sesion/login',
    signedIn: false,
    ready: 'form button[type=submit]',
  },
  {
    key: 'clients',
    name: 'client list (signed in)',
    path: '/es/wealth/clients',
    signedIn: true,
    ready: 'main table tbody tr td a',
  },
];
const ROUTES = ALL_ROUTES.filter((route) => !onlyRoute || route.key === onlyRoute);
const PRESETS = (['desktop', 'mobile'] as const).filter((preset) => !onlyPreset || preset === onlyPreset);

function build() {
  console.log('Building the portal…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@caudal/web'], { cwd: REPO, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'caudal-front-end-'));
  const child = spawn('npx', ['tsx', 'apps/api/src/main.ts'], {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_ROOT: webRoot,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      START_JOBS: 'false',
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  const stop = () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop };
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/auth/v0/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

const gzipSizes = new Map<string, number>();
function gzipSizeOf(urlPath: string): number {
  const cached = gzipSizes.get(urlPath);
  if (cached !== undefined) return cached;
  const size = gzipSync(readFileSync(join(webRoot, urlPath)), { level: 9 }).length;
  gzipSizes.set(urlPath, size);
  return size;
}

/** The hook's figure: scripts and modulepreloads named by index.html, gzip -9. */
function indexHtmlScripts(): number {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
  return files.reduce((sum, file) => sum + gzipSizeOf(file), 0);
}

interface FirstLoad {
  js: { files: number; gzip: number; transferred: number };
  css: { files: number; gzip: number; transferred: number };
  ms: number;
}

async function measureFirstLoad(origin: string, route: EntryRoute, token: string): Promise<FirstLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.slice(1) });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    // Data saver: the portal skips idle-time route prefetch, which is not first-screen code.
    const session = route.signedIn
      ? `localStorage.setItem(${JSON.stringify(AUTH_STORAGE_KEY)}, ${JSON.stringify(token)});`
      : '';
    await context.addInitScript({
      content: `Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });${session}`,
    });
    const page = await context.newPage();
    const seen: { url: string; type: string; transferred: Promise<number> }[] = [];
    page.on('request', (request) => {
      const type = request.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      seen.push({
        url: request.url(),
        type,
        transferred: request
          .response()
          .then(async (response) => (response ? (await response.request().sizes()).responseBodySize : 0))
          .catch(() => 0),
      });
    });
    const started = Date.now();
    await page.goto(`${origin}${route.path}`);
    await page.locator(route.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
    const ms = Date.now() - started;
    const firstScreen = [...seen];
    const sum = async (type: string) => {
      const files = firstScreen.filter((entry) => entry.type === type);
      const transferred = (await Promise.all(files.map((entry) => entry.transferred))).reduce(
        (a, b) => a + b,
        0,
      );
      const gzip = files.reduce((total, entry) => total + gzipSizeOf(new URL(entry.url).pathname), 0);
      return { files: files.length, gzip, transferred };
    };
    if (args.includes('--files')) {
      const rows = firstScreen.map((entry) => ({ path: new URL(entry.url).pathname, type: entry.type }));
      for (const row of rows.sort((a, b) => gzipSizeOf(b.path) - gzipSizeOf(a.path))) {
        console.log(`    ${String(gzipSizeOf(row.path)).padStart(8)}  ${row.path}`);
      }
    }
    return { js: await sum('script'), css: await sum('stylesheet'), ms };
  } finally {
    await browser.close();
  }
}

interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function runLighthouse(
  origin: string,
  route: EntryRoute,
  token: string,
  preset: 'desktop' | 'mobile',
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    if (route.signedIn) {
      // The session lives in localStorage, which Lighthouse keeps (it clears caches and other storage).
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const page = await context.newPage();
      await page.goto(`${origin}/health`);
      await page.evaluate(
        `localStorage.setItem(${JSON.stringify(AUTH_STORAGE_KEY)}, ${JSON.stringify(token)})`,
      );
      await page.close();
    }
    const result = await lighthouse(
      `${origin}${route.path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse gave no result');
    // LIGHTHOUSE_REPORTS=<dir>: keep each run's report, to read where the main thread's time went.
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = `${route.name}-${preset}-${Date.now()}`;
      writeFileSync(join(reports, `${name}.json`), JSON.stringify(result.lhr));
      // The trace: where each long task's time went (open it in Chromium's performance panel).
      writeFileSync(join(reports, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    const { categories, audits, runtimeError } = result.lhr;
    // A run without a score (a Lighthouse error such as NO_NAVSTART or NO_FCP) says why, not just "0".
    if (categories.performance?.score == null) {
      console.log(`    (${preset} run without a score: ${runtimeError?.code ?? 'no runtime error given'})`);
    }
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

if (!args.includes('--no-build') && !givenOrigin) build();
const server = givenOrigin ? { origin: givenOrigin.replace(/\/$/, ''), stop: () => {} } : await startServer();
try {
  const token = await signIn(server.origin);
  const indexBytes = indexHtmlScripts();
  console.log(
    `\nindex.html scripts + modulepreloads: ${kb(indexBytes)} gzip -9 (budget ${kb(BUDGET_BYTES)})\n`,
  );
  console.log('First load per entry route (cold cache, 1366×800, before the first screen shows):');
  for (const route of ROUTES) {
    const load = await measureFirstLoad(server.origin, route, token);
    const verdict = load.js.gzip <= BUDGET_BYTES ? 'within' : 'OVER';
    console.log(
      `  ${route.name.padEnd(24)} JS ${kb(load.js.gzip).padStart(9)} gzip (${load.js.files} files, ` +
        `${kb(load.js.transferred)} sent as br) ${verdict} budget; CSS ${kb(load.css.gzip)} gzip ` +
        `(${load.css.files} files, ${kb(load.css.transferred)} sent); shown after ${load.ms} ms`,
    );
  }
  if (!skipLighthouse) {
    console.log(`\nLighthouse ${runs} cold runs each, median (targets: desktop >= 95, mobile >= 90):`);
    for (const route of ROUTES) {
      for (const preset of PRESETS) {
        const results: LighthouseFigures[] = [];
        for (let run = 0; run < runs; run++)
          results.push(await runLighthouse(server.origin, route, token, preset));
        const pick = (key: keyof LighthouseFigures) => median(results.map((result) => result[key]));
        console.log(
          `  ${route.name.padEnd(24)} ${preset.padEnd(8)} score ${String(pick('score')).padStart(3)} ` +
            `(runs ${results.map((result) => result.score).join(', ')}); FCP ${Math.round(pick('fcp'))} ms, ` +
            `LCP ${Math.round(pick('lcp'))} ms, TBT ${Math.round(pick('tbt'))} ms, CLS ${pick('cls').toFixed(3)}`,
        );
      }
    }
  }
  console.log('');
} finally {
  server.stop();
}
