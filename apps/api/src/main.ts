import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { DEMO_SIGN_INS, seedDemo, seedInstitutions } from './features/seed/seed';
import { systemClock } from './shared/clock';
import { type JobQueue, noJobQueue, startJobs } from './shared/jobs/jobs';
import { createLogger } from './shared/logger';
import { createMailTransport } from './shared/mail/mail-transport';

async function main() {
  const config = loadConfig(process.env);
  const log = createLogger(config.logLevel);
  const handle = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  log.info(
    { database: handle.kind, dataDir: handle.kind === 'pglite' ? config.dataDir : undefined },
    'database opened',
  );

  const applied = await migrate(handle.db);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  const isSeeded = config.seedDemo && (await seedDemo(handle.db, config.passwordHashing));
  if (isSeeded) log.info('demo data seeded');
  else await seedInstitutions(handle.db);

  const mailDeps = {
    db: handle.db,
    clock: systemClock,
    log,
    transport: createMailTransport(config.smtpUrl, log),
    mailFrom: config.mailFrom,
  };
  const jobs: JobQueue = config.startJobs
    ? await startJobs(handle, mailDeps, log, { config, clock: systemClock })
    : noJobQueue;
  const app = await buildApp({ config, db: handle.db, logger: log, jobs });
  await app.listen({ port: config.port, host: config.host });
  printBanner(config.publicUrl, config.seedDemo);
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
    await app.close();
    await jobs.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

function printBanner(url: string, isDemo: boolean) {
  const lines = [`Caudal is listening on ${url}`];
  if (isDemo) {
    lines.push('Demo sign-ins (company / username / password):');
    for (const signIn of DEMO_SIGN_INS) {
      lines.push(`  ${signIn.company} / ${signIn.username} / ${signIn.password}   (${signIn.note})`);
    }
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Caudal failed to start', error);
  process.exit(1);
});
