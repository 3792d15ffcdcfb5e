import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type DatabaseHandle, type Db, openDatabase } from '../db/database';
import { systemClock } from '../shared/clock';
import { noJobQueue, startJobs } from '../shared/jobs/jobs';
import { createLogger } from '../shared/logger';
import { mailJobs } from '../shared/mail/mail-jobs';
import { deliverPendingMail } from '../shared/mail/mail-sender';
import { createLogTransport } from '../shared/mail/mail-transport';
import { databaseUrlOf, runAdmin } from '../test/database-templates';
import { TEST_ENV } from '../test/test-app';
import { EXIT, runCli } from './cli';
import { type OperatorDeps, runOperatorCommand } from './operator-commands';
import { operatorSocketPath, startOperatorSocket } from './operator-socket';

/** Runs the command line in this process, as `npm run caudal -- …` would, and keeps what it printed. */
async function caudal(env: Record<string, string>, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    env: { ...TEST_ENV, ...env },
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  return { code, out, err };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** What a server's mail worker does when SMTP_URL is not set: it logs each waiting mail (here, to nowhere). */
function sendWithoutSmtp(db: Db) {
  const log = createLogger('silent');
  return async () => {
    await deliverPendingMail({
      db,
      clock: systemClock,
      log,
      transport: createLogTransport(log),
      mailFrom: 'caudal@caudal.test',
    });
  };
}

/**
 * The whole path from an empty database to an invited admin, and the refusals, on any database;
 * `sendMail` runs the mail worker of a server without SMTP on that database.
 */
async function walkThrough(env: Record<string, string>, sendMail: () => Promise<void>) {
  const created = await caudal(
    env,
    'company',
    'create',
    '--name',
    'Acme Wealth',
    '--modules',
    'wealth,summary,links',
  );
  expect(created, created.err).toMatchObject({ code: EXIT.done });
  expect(created.out).toContain('Acme Wealth  [active]  modules: wealth, summary, links  language: es');

  const duplicate = await caudal(env, 'company', 'create', '--name', 'acme wealth', '--modules', 'links');
  expect(duplicate.code).toBe(EXIT.refused);
  expect(duplicate.err).toBe('Refused (DuplicatedName): A company named "acme wealth" already exists\n');

  const invited = await caudal(
    env,
    '--json',
    'staff',
    'invite',
    '--company',
    'Acme Wealth',
    '--email',
    'ana@acme.example',
    '--username',
    'ana',
    '--role',
    'admin',
  );
  expect(invited.code, invited.err).toBe(EXIT.done);
  const answer = JSON.parse(invited.out);
  expect(answer).toMatchObject({
    ok: true,
    result: { username: 'ana', role: 'admin', state: 'invited', permissions: ['wealth', 'summary', 'links'] },
  });
  expect(answer.result.invitation_link).toMatch(
    /^http:\/\/portal\.caudal\.test\/es\/sesion\/invitation#[A-Za-z0-9_-]{43}$/,
  );

  const member = await caudal(
    env,
    'staff',
    'invite',
    '--company',
    'Acme Wealth',
    '--email',
    'bo@acme.example',
    '--username',
    'bob',
    '--permissions',
    'links',
    '--language',
    'en',
  );
  expect(member.err).toBe('');
  expect(member.out).toContain('Invited bob (member; permissions: links)');
  expect(member.out).toMatch(/\/en\/sesion\/invitation#/);

  const outside = await caudal(
    env,
    'staff',
    'invite',
    '--company',
    'Acme Wealth',
    '--email',
    'c@acme.example',
    '--username',
    'cyd',
    '--permissions',
    'portals',
  );
  expect(outside.code).toBe(EXIT.refused);
  expect(outside.err).toContain('UnknownPermission');

  const listed = await caudal(env, 'staff', 'list', '--company', 'Acme Wealth');
  expect(listed.out.split('\n').filter(Boolean)).toEqual([
    'ana <ana@acme.example>  admin  [invited]  permissions: wealth, summary, links',
    'bob <bo@acme.example>  member  [invited]  permissions: links',
  ]);
  expect(
    (await caudal(env, 'staff', 'disable', '--company', 'Acme Wealth', '--username', 'bob')).out,
  ).toContain('[disabled]');
  expect(
    (await caudal(env, 'staff', 'enable', '--company', 'Acme Wealth', '--username', 'bob')).out,
  ).toContain('[invited]');
  const reset = await caudal(env, 'staff', 'reset-password', '--company', 'Acme Wealth', '--username', 'bob');
  expect(reset.code).toBe(EXIT.refused);
  expect(reset.err).toContain('has not accepted their invitation');

  expect(
    (await caudal(env, 'company', 'modules', '--company', 'Acme Wealth', '--set', 'wealth,links')).out,
  ).toContain('modules: wealth, links');
  // The company's language: Spanish unless told at creation, changed later, nothing but es/en taken.
  const english = await caudal(
    env,
    'company',
    'create',
    '--name',
    'Acme UK',
    '--modules',
    'wealth',
    '--language',
    'en',
  );
  expect(english.out, english.err).toContain('Acme UK  [active]  modules: wealth  language: en');
  expect(
    (await caudal(env, 'company', 'create', '--name', 'Acme FR', '--modules', 'wealth', '--language', 'fr'))
      .code,
  ).toBe(EXIT.usage);
  expect((await caudal(env, 'company', 'language', '--company', 'Acme Wealth', '--set', 'en')).out).toContain(
    'language: en',
  );
  expect((await caudal(env, 'company', 'disable', '--company', 'Acme Wealth')).out).toContain('[disabled]');
  expect((await caudal(env, 'company', 'enable', '--company', 'Acme Wealth')).out).toContain('[active]');
  const mail = await caudal(env, 'mail', 'list', '--to', 'bo@acme.example', '--limit', '1');
  expect(mail.out).toContain('Subject: Caudal: you are invited to Acme Wealth');
  expect(mail.out).toMatch(/\/en\/sesion\/invitation#/);
  // Without SMTP the server only logs its mail: the outbox has it as not sent, link included (QA found
  // it `[sent]` with no text, so an operator without the log could not hand the link on).
  await sendMail();
  const unsent = await caudal(env, 'mail', 'list', '--to', 'bo@acme.example', '--limit', '1');
  expect(unsent.out).toContain('[not sent: SMTP_URL is not set]  To: bo@acme.example');
  expect(unsent.out).toContain('Subject: Caudal: you are invited to Acme Wealth');
  expect(unsent.out).toMatch(/\/en\/sesion\/invitation#[A-Za-z0-9_-]{43}/);
  const unsentJson = await caudal(env, '--json', 'mail', 'list', '--to', 'ana@acme.example');
  expect(JSON.parse(unsentJson.out)).toEqual({
    ok: true,
    result: [
      expect.objectContaining({
        to: 'ana@acme.example',
        status: 'not_sent',
        text: expect.stringContaining(answer.result.invitation_link),
      }),
    ],
  });
  // Refusals are one readable line each, and change nothing.
  expect(await caudal(env, 'company', 'create', '--name', 'Tab\tName', '--modules', 'wealth')).toMatchObject({
    code: EXIT.refused,
    err: 'Refused (ValidationError): A company name cannot contain a tab: use visible characters and plain spaces\n',
  });
  expect(
    (await caudal(env, 'company', 'create', '--name', 'ZW\u200dJ', '--modules', 'wealth')).err,
  ).toContain('cannot contain the invisible character U+200D');
  const noModules = await caudal(env, 'company', 'create', '--name', 'Nothing Co', '--modules', '');
  expect([noModules.code, noModules.err]).toEqual([
    EXIT.refused,
    'Refused (ValidationError): A company needs at least one module (a company without one can do nothing in the portal): use wealth, summary, applications, links, custom_css, portals\n',
  ]);
  const emptied = await caudal(env, 'company', 'modules', '--company', 'Acme Wealth', '--set', ' , ');
  expect([emptied.code, emptied.err]).toEqual([EXIT.refused, noModules.err]);
  const longName = await caudal(
    env,
    'staff',
    'invite',
    '--company',
    'Acme Wealth',
    '--email',
    'long@acme.example',
    '--username',
    'longname',
    '--name',
    'x'.repeat(500),
  );
  expect([longName.code, longName.err]).toEqual([
    EXIT.refused,
    'Refused (ValidationError): --name can have at most 100 characters\n',
  ]);
  expect((await caudal(env, 'company', 'list')).out).not.toContain('Nothing Co');

  const missing = await caudal(env, 'staff', 'list', '--company', 'Nobody');
  expect([missing.code, missing.err]).toEqual([
    EXIT.refused,
    'Refused (NotFound): No company named "Nobody"\n',
  ]);
}

describe('operator command line: usage', () => {
  it('answers --help with 0 on every level, and a usage error with 2 changing nothing', async () => {
    const env = { DATA_DIR: '/nonexistent/never-opened' };
    for (const argv of [['--help'], ['company', '--help'], ['staff', 'invite', '--help']]) {
      const help = await caudal(env, ...argv);
      expect(help.code, argv.join(' ')).toBe(EXIT.done);
      expect(help.out).toContain('Usage: caudal');
    }
    expect((await caudal(env, 'staff', 'invite', '--help')).out).toContain('--permissions <list>');
    expect((await caudal(env, 'company', 'explode')).code).toBe(EXIT.usage);
    expect((await caudal(env, 'company', 'create', '--name', 'X')).code).toBe(EXIT.usage);
    const role = await caudal(
      env,
      'staff',
      'invite',
      '--company',
      'A',
      '--email',
      'a@b.c',
      '--username',
      'abc',
      '--role',
      'owner',
    );
    expect(role.code).toBe(EXIT.usage);
    expect(role.err).toContain('Allowed choices are admin, member');
    expect((await caudal(env)).code).toBe(EXIT.usage);
  });
});

describe('operator command line: refused arguments', () => {
  // Arguments are checked before anything is opened: these deps would throw if a command reached them.
  const deps = new Proxy({} as OperatorDeps, {
    get: () => {
      throw new Error('the database was reached');
    },
  });
  const invite = (args: Record<string, unknown>) =>
    runOperatorCommand(deps, {
      command: 'staff.invite',
      args: { company: 'Acme', email: 'a@acme.example', username: 'ana', name: null, ...args },
    });
  const message = async (outcome: ReturnType<typeof runOperatorCommand>) => {
    const answer = await outcome;
    expect(answer.ok).toBe(false);
    return answer.ok ? '' : `${answer.error.code}: ${answer.error.message}`;
  };

  it('says, in a sentence naming the option, why a staff invitation is refused (the portal form rules)', async () => {
    expect(await message(invite({ name: 'x'.repeat(500) }))).toBe(
      'ValidationError: --name can have at most 100 characters',
    );
    expect(await message(invite({ name: 'Ana\u200dPérez' }))).toBe(
      'ValidationError: --name cannot contain the invisible character U+200D',
    );
    expect(await message(invite({ name: 'Ana\tPérez' }))).toBe(
      'ValidationError: --name cannot contain a tab',
    );
    expect(await message(invite({ name: '   ' }))).toBe('ValidationError: --name cannot be only spaces');
    expect(await message(invite({ username: 'an' }))).toBe(
      'ValidationError: --username needs at least 3 characters',
    );
    expect(await message(invite({ username: 'ana\u202e' }))).toBe(
      'ValidationError: --username cannot contain the invisible character U+202E',
    );
    expect(await message(invite({ username: 'ana pérez' }))).toBe(
      'ValidationError: --username cannot contain a space',
    );
    expect(await message(invite({ email: 'not-an-email' }))).toBe(
      'ValidationError: --email is not a valid email address',
    );
    expect(await message(invite({ company: '  ' }))).toBe('ValidationError: --company cannot be empty');
  });

  it('names the option the command line took, and reads zod-only rules too', async () => {
    expect(
      await message(
        runOperatorCommand(deps, { command: 'company.language', args: { company: 'A', language: 'fr' } }),
      ),
    ).toBe('ValidationError: --set must be one of: es, en');
    expect(
      await message(
        runOperatorCommand(deps, { command: 'mail.list', args: { to: 'a@b.example', limit: 99 } }),
      ),
    ).toBe('ValidationError: --limit can be at most 50');
    expect(
      await message(
        runOperatorCommand(deps, { command: 'mail.list', args: { to: 'a@b.example', limit: Number.NaN } }),
      ),
    ).toBe('ValidationError: --limit must be a number');
  });

  it('trims a staff name as the portal does', async () => {
    // Accepted arguments go on to the database: the proxy says so.
    await expect(invite({ name: '  Ana Pérez  ' })).rejects.toThrow('the database was reached');
  });
});

describe('operator command line: the database unreachable', () => {
  it('says so in one line and exits 1, with no stack trace', async () => {
    const down = await caudal(
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/caudal' },
      'company',
      'create',
      '--name',
      'Nowhere Co',
      '--modules',
      'wealth',
    );
    expect(down.code).toBe(EXIT.refused);
    expect(down.out).toBe('');
    expect(down.err).toBe(
      'Refused (DatabaseUnavailable): The database cannot be reached or refuses connections (ECONNREFUSED); nothing changed\n',
    );
  });
});

describe('operator command line: embedded database', () => {
  it('works on a data directory nobody holds, then through the socket of a server that holds it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'caudal-cli-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir };
    // Nobody holds it: the command line opens (creates and migrates) it itself.
    const first = await caudal(env, 'company', 'create', '--name', 'First Co', '--modules', 'links');
    expect(first, first.err).toMatchObject({ code: EXIT.done });

    // A server takes the data directory (its lock) and listens on its socket: a second process could not
    // open the database now, so every command below can only have run inside the server.
    const config = { ...loadConfig({ ...TEST_ENV, DATA_DIR: dataDir }) };
    const server: DatabaseHandle = await openDatabase({ dataDir }, config.databaseTimeouts);
    const log = createLogger('silent');
    const socket = await startOperatorSocket(
      dataDir,
      { db: server.db, clock: systemClock, config, jobs: noJobQueue, log },
      log,
    );
    cleanups.push(async () => {
      await new Promise((resolve) => socket.close(resolve));
      await server.close();
    });
    const stat = statSync(operatorSocketPath(dataDir));
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);

    await walkThrough(env, sendWithoutSmtp(server.db));
    const companies = await server.db
      .selectFrom('companies')
      .select(['name', 'language'])
      .orderBy('name')
      .execute();
    expect(companies).toEqual([
      { name: 'Acme UK', language: 'en' },
      { name: 'Acme Wealth', language: 'en' },
      { name: 'First Co', language: 'es' },
    ]);
  }, 180_000);
});

describe.runIf(process.env.DATABASE_URL)('operator command line: PostgreSQL', () => {
  it('goes from an empty database to an invited admin', async () => {
    const serverUrl = process.env.DATABASE_URL as string;
    const name = `caudal_cli_${Math.random().toString(36).slice(2, 10)}`;
    await runAdmin(serverUrl, `create database ${name}`);
    cleanups.push(() => runAdmin(serverUrl, `drop database if exists ${name} with (force)`));
    const databaseUrl = databaseUrlOf(serverUrl, name);
    // Opened before the command line migrates it: the mail worker only reads and writes the outbox later.
    const server = await openDatabase({ databaseUrl });
    cleanups.push(() => server.close());
    await walkThrough({ DATABASE_URL: databaseUrl }, sendWithoutSmtp(server.db));

    // A server's mail worker runs on it now: a mail the command line queues is sent at once, not at the
    // sweep five minutes later (the command sends its job to the servers' queue).
    const log = createLogger('silent');
    const transport = createLogTransport(log);
    const deps = { db: server.db, clock: systemClock, log, transport, mailFrom: 'caudal@caudal.test' };
    const jobs = await startJobs(server, [mailJobs(deps, 0.5)], log, { isScheduling: false });
    cleanups.push(() => jobs.stop());
    // The worker's first sweep (sent when it starts) is over before the command runs: it is not what
    // sends the command's mail.
    await expect
      .poll(
        async () => {
          const swept = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
          where name = 'mail.sweep' and state = 'completed'`.execute(server.db);
          return swept.rows[0]?.n;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    const invited = await caudal(
      { DATABASE_URL: databaseUrl },
      'staff',
      'invite',
      '--company',
      'Acme Wealth',
      '--email',
      'bruno@acme.example',
      '--username',
      'bruno',
    );
    expect(invited.code, invited.err).toBe(EXIT.done);
    expect(invited.err).toBe('');
    const deadline = Date.now() + 15_000;
    for (;;) {
      const newest = await server.db
        .selectFrom('mail_outbox')
        .select(['status', 'subject'])
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      if (newest.status !== 'pending') {
        expect(newest.status).toBe('not_sent');
        break;
      }
      expect(Date.now(), 'the invitation is still pending: no job was sent').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);
});
