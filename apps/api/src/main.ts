// First: V8 flags that must be set before the rest of the API is evaluated and compiled.
import './shared/process/favour-memory-first';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { type DatabaseTarget, type Db, openDatabase } from './db/database';
import { consentJobs } from './features/connections/consent-jobs';
import { refreshJobs } from './features/connections/refresh-jobs';
import { resanitiseStoredCss } from './features/custom-css/resanitise-stored-css';
import { exportJobs } from './features/exports';
import type { DemoApplication } from './features/seed/demo-applications';
import { DEMO_SIGN_INS } from './features/seed/seed';
import { webhookJobs } from './features/webhooks';
import { startOperatorSocket } from './operator/operator-socket';
import {
  isFreshDataDir,
  PREPARE_ONLY_ENV,
  PreparationFailedError,
  prepareDatabase,
  prepareInChild,
} from './prepare-database';
import { buildPurgeTasks } from './purge-tasks';
import { auditSealJobs } from './shared/audit/audit-sealer';
import { systemClock } from './shared/clock';
import { housekeepingJobs } from './shared/housekeeping/housekeeping';
import { type JobQueue, noJobQueue, queueWhenStarted, startJobs } from './shared/jobs/jobs';
import { createLogger, type Logger } from './shared/logger';
import { mailJobs } from './shared/mail/mail-jobs';
import { createMailTransport } from './shared/mail/mail-transport';
import { installRejectionGuard } from './shared/process/rejection-guard';

/** On SIGTERM, how long statements in flight may still take before their connections are closed. */
const STOP_GRACE_MS = 3_000;

async function main() {
  const config = loadConfig(process.env);
  const log = createLogger(config.logLevel);
  installRejectionGuard(log);
  const target = config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir };
  if (process.env[PREPARE_ONLY_ENV] === '1') return prepareAndExit(target, config, log);

  const preparedInChild = isFreshDataDir(config) ? await prepareInChild() : null;
  const handle = await openDatabase(target, config.databaseTimeouts);
  log.info(
    { database: handle.kind, dataDir: handle.kind === 'pglite' ? config.dataDir : undefined },
    'database opened',
  );
  // A fresh data directory was migrated and seeded by the child: no second pass over it here.
  // Demo application secrets are printed once, below, never logged.
  const { isSeeded, demoApplications } = preparedInChild ?? (await prepareDatabase(handle.db, config, log));

  const mailDeps = {
    db: handle.db,
    clock: systemClock,
    log,
    transport: createMailTransport(config.smtpUrl, log),
    mailFrom: config.mailFrom,
  };
  // Each feature hands its workers to the app; later features add theirs to this list.
  const jobModules = [
    mailJobs(mailDeps),
    refreshJobs({ db: handle.db, config, clock: systemClock }),
    consentJobs({ db: handle.db, config, clock: systemClock }),
    exportJobs({
      db: handle.db,
      postgresUrl: handle.kind === 'postgres' ? handle.connectionString : null,
      clock: systemClock,
      expiryHours: config.exportExpiryHours,
      queue: config.exportQueue,
      readDeadlineMs: config.exportReadDeadlineMs,
    }),
    webhookJobs({
      db: handle.db,
      config,
      clock: systemClock,
      postgresUrl: handle.kind === 'postgres' ? handle.connectionString : null,
    }),
    // The audit log's chain is built here, after the commits (decision 0049).
    auditSealJobs({ db: handle.db }),
    housekeepingJobs({
      db: handle.db,
      clock: systemClock,
      tasks: buildPurgeTasks(config),
    }),
  ];
  // pg-boss starts (schema check, queues, schedules) once the server listens: ready means the database
  // answers, so the first requests need not wait for it, and a job sent meanwhile waits for the queue.
  // A failed start still stops the process (main's catch).
  let resolveJobs: (queue: JobQueue) => void = () => {};
  const jobs = queueWhenStarted(new Promise<JobQueue>((resolve) => (resolveJobs = resolve)));
  const app = await buildApp({ config, db: handle.db, logger: log, jobs });
  await app.listen({ port: config.port, host: config.host });
  resolveJobs(config.startJobs ? await startJobs(handle, jobModules, log) : noJobQueue);
  // The operator's command line reaches an embedded database this process holds through this socket.
  const operatorSocket =
    handle.kind === 'pglite' && config.dataDir
      ? await startOperatorSocket(
          config.dataDir,
          { db: handle.db, clock: systemClock, config, jobs, log },
          log,
        )
      : null;
  log.info({ startupMs: Math.round(performance.now()) }, 'started');
  // CSS saved under older sanitiser rules is not served until it is sanitised again (migration 0014).
  resanitiseStoredCss(handle.db, log).catch((error: unknown) =>
    log.error({ err: error }, 'stored custom CSS could not be sanitised again'),
  );
  printBanner(config.publicUrl, config.seedDemo, isSeeded ? demoApplications : []);
  if (!config.seedDemo && !(await hasCompanies(handle.db))) printFirstSteps();
  if (config.seedDemo) {
    const signIns = DEMO_SIGN_INS.map(
      (signIn) => `${signIn.company} / ${signIn.username} / ${signIn.password}`,
    );
    log.info(
      `Caudal is ready at ${config.publicUrl}. Demo sign-ins (company / username / password): ${signIns.join('; ')}`,
    );
  }

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal }, 'shutting down');
    // If something hangs on the way down, do not hang the orchestrator with it.
    setTimeout(() => process.exit(1), 15_000).unref();
    // Calls and jobs still waiting on a database that does not answer (a partition) get their 503 now
    // rather than at their statement deadline; answered statements had this long (decision 0063).
    setTimeout(() => handle.interrupt(), STOP_GRACE_MS).unref();
    operatorSocket?.close();
    await app.close();
    await jobs.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

function printBanner(url: string, isDemo: boolean, demoApplications: readonly DemoApplication[]) {
  const lines = [`Caudal is listening on ${url}`];
  if (isDemo) {
    lines.push('Demo sign-ins (company / username / password):');
    for (const signIn of DEMO_SIGN_INS) {
      lines.push(`  ${signIn.company} / ${signIn.username} / ${signIn.password}   (${signIn.note})`);
    }
  }
  if (demoApplications.length > 0) {
    // Shown this once, at first seeding, like any application secret: they are kept only hashed.
    lines.push('Demo API applications (company: client_id / client_secret), shown only now:');
    for (const application of demoApplications) {
      lines.push(`  ${application.company}: ${application.clientId} / ${application.clientSecret}`);
    }
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

async function hasCompanies(db: Db): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** An empty database (SEED_DEMO=false): nobody can sign in yet, so say how to create the first admin. */
function printFirstSteps() {
  const lines = [
    'The database has no company yet. Create one and invite its first admin (README, "Running it for real"):',
    '  npm run caudal -- company create --name "Acme Wealth" --modules wealth,summary,links',
    '  npm run caudal -- staff invite --company "Acme Wealth" --email admin@acme.example --username admin --role admin',
    'The second command prints the invitation link: open it, choose a password, and you are signed in.',
  ];
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/** The child of `prepareInChild`: prepares the data directory, hands back what it seeded, exits. */
async function prepareAndExit(target: DatabaseTarget, config: Config, log: Logger): Promise<void> {
  const handle = await openDatabase(target, config.databaseTimeouts);
  try {
    const prepared = await prepareDatabase(handle.db, config, log);
    // Run alone (the test script prepares the e2e suites' seeded copy this way), nobody listens.
    const send = process.send?.bind(process);
    if (send) {
      await new Promise<void>((resolve, reject) =>
        send(prepared, (error: Error | null) => (error ? reject(error) : resolve())),
      );
    }
  } finally {
    await handle.close();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else if (error instanceof PreparationFailedError) console.error(error.message);
  else console.error('Caudal failed to start', error);
  process.exit(1);
});
