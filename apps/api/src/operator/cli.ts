import { Command, CommanderError, Option } from 'commander';
import { ConfigError, loadConfig } from '../config';
import { isDatabaseUnavailable } from '../db/errors';
import { createLogger } from '../shared/logger';
import { formatOutcome } from './format-outcome';
import type { OperatorOutcome, OperatorRequest } from './operator-commands';
import { runOperatorRequest } from './run-operator-request';

/** Exit codes: done, refused (a rule, a missing company…), usage (unknown command or option). */
export const EXIT = { done: 0, refused: 1, usage: 2 } as const;

const MODULE_NAMES = 'wealth, summary, applications, links, custom_css, portals';

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/** The command line's parser: every command and option, with --help on each. */
export function buildProgram(
  onRequest: (request: OperatorRequest, isJson: boolean) => void,
  output: { writeOut: (text: string) => void; writeErr: (text: string) => void },
): Command {
  // Set before any subcommand is added: each copies its parent's settings when created.
  const program = new Command('caudal')
    .configureOutput(output)
    .description(
      'Caudal operator commands: companies and their staff. Run with `npm run caudal -- <command>`.',
    )
    .option('--json', 'print the result as JSON, for scripts')
    .showHelpAfterError()
    .exitOverride();
  const isJson = () => Boolean(program.opts<{ json?: boolean }>().json);
  const send = (command: string, args: Record<string, unknown>) => onRequest({ command, args }, isJson());

  const company = program
    .command('company')
    .description('create, list, enable and disable companies, and set their modules and language');
  company
    .command('create')
    .description('create a company with the modules it may use')
    .requiredOption('--name <name>', 'the company name (unique, any case)')
    .requiredOption('--modules <list>', `comma-separated module names, at least one: ${MODULE_NAMES}`, list)
    .addOption(
      new Option('--language <code>', "holders' mails when their own language is not known")
        .choices(['es', 'en'])
        .default('es'),
    )
    .action((options: { name: string; modules: string[]; language: string }) =>
      send('company.create', options),
    );
  company
    .command('list')
    .description('list every company with its modules, state and users')
    .action(() => send('company.list', {}));
  company
    .command('modules')
    .description("replace a company's modules")
    .requiredOption('--company <name>', 'the company')
    .requiredOption('--set <list>', `comma-separated module names, at least one: ${MODULE_NAMES}`, list)
    .action((options: { company: string; set: string[] }) =>
      send('company.modules', { company: options.company, modules: options.set }),
    );
  company
    .command('language')
    .description("set the language of a company's holder mails when the holder's own is not known")
    .requiredOption('--company <name>', 'the company')
    .addOption(new Option('--set <code>', 'the language').choices(['es', 'en']).makeOptionMandatory())
    .action((options: { company: string; set: string }) =>
      send('company.language', { company: options.company, language: options.set }),
    );
  for (const [name, description] of [
    ['disable', 'switch a company off everywhere at once (sessions, API tokens, Links, jobs)'],
    ['enable', 'switch a disabled company back on, with everything it had'],
  ] as const) {
    company
      .command(name)
      .description(description)
      .requiredOption('--company <name>', 'the company')
      .action((options: { company: string }) => send(`company.${name}`, options));
  }

  program
    .command('audit')
    .description('check the audit log')
    .command('verify')
    .description(
      "recompute a company's audit chain from its purge boundary and name the first event altered or removed",
    )
    .option('--company <name>', 'the company (without it: the events of no company)')
    .action((options: { company?: string }) => send('audit.verify', { company: options.company ?? null }));

  const staff = program.command('staff').description("invite and manage a company's staff users");
  staff
    .command('invite')
    .description('invite a staff user: mails a one-time link (72 h) and prints it')
    .requiredOption('--company <name>', 'the company')
    .requiredOption('--email <email>', 'where the invitation goes')
    .requiredOption('--username <username>', 'unique in the company (staff and portal users)')
    .option('--name <name>', 'their full name')
    .addOption(
      new Option('--role <role>', 'admin manages the team').choices(['admin', 'member']).default('member'),
    )
    .option('--permissions <list>', `comma-separated module names (default: every company module)`, list)
    .addOption(
      new Option('--language <code>', 'language of the mail and link').choices(['es', 'en']).default('es'),
    )
    .action(
      (options: {
        company: string;
        email: string;
        username: string;
        name?: string;
        role: string;
        permissions?: string[];
        language: string;
      }) =>
        send('staff.invite', {
          ...options,
          name: options.name ?? null,
          permissions: options.permissions ?? null,
        }),
    );
  staff
    .command('list')
    .description("list a company's staff with role, permissions and state")
    .requiredOption('--company <name>', 'the company')
    .action((options: { company: string }) => send('staff.list', options));
  for (const [name, description] of [
    ['disable', 'disable a staff user: their sessions end at once'],
    ['enable', 'enable a disabled staff user'],
  ] as const) {
    staff
      .command(name)
      .description(description)
      .requiredOption('--company <name>', 'the company')
      .requiredOption('--username <username>', 'the staff user')
      .action((options: { company: string; username: string }) => send(`staff.${name}`, options));
  }
  staff
    .command('reset-password')
    .description('mail a staff user a single-use reset link (30 min) and print it')
    .requiredOption('--company <name>', 'the company')
    .requiredOption('--username <username>', 'the staff user')
    .addOption(
      new Option('--language <code>', 'language of the mail and link').choices(['es', 'en']).default('es'),
    )
    .action((options: { company: string; username: string; language: string }) =>
      send('staff.reset-password', options),
    );
  program
    .command('mail')
    .description(
      'read the mail outbox: mail nobody received (SMTP_URL not set, or SMTP failing) keeps its text there while its links are valid',
    )
    .command('list')
    .description('show the latest mails queued to an address, newest first, with the text of those not sent')
    .requiredOption('--to <email>', 'the address')
    .option('--limit <n>', 'how many (1-50)', (value) => Number.parseInt(value, 10), 5)
    .action((options: { to: string; limit: number }) => send('mail.list', options));
  return program;
}

/** Parses, runs and prints; answers the exit code. Output goes to `out` (results) and `err` (refusals). */
export async function runCli(
  argv: readonly string[],
  io: {
    env: Record<string, string | undefined>;
    out: (text: string) => void;
    err: (text: string) => void;
  },
): Promise<number> {
  let pending: { request: OperatorRequest; isJson: boolean } | null = null;
  const program = buildProgram(
    (request, isJson) => {
      pending = { request, isJson };
    },
    { writeOut: io.out, writeErr: io.err },
  );
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version'
        ? EXIT.done
        : EXIT.usage;
    }
    throw error;
  }
  const chosen = pending as { request: OperatorRequest; isJson: boolean } | null;
  if (!chosen) {
    program.outputHelp({ error: true });
    return EXIT.usage;
  }
  let outcome: OperatorOutcome;
  try {
    const config = loadConfig({ LOG_LEVEL: 'warn', ...io.env });
    outcome = await runOperatorRequest(config, chosen.request, createLogger('warn', process.stderr));
  } catch (error) {
    if (error instanceof ConfigError) {
      outcome = { ok: false, error: { code: 'ConfigError', message: error.message } };
    } else if (isDatabaseUnavailable(error)) {
      // The command's transaction did not commit: say so in one line, as for any refusal.
      const reason = (error as { code?: string; message?: string }).code ?? (error as Error).message;
      outcome = {
        ok: false,
        error: {
          code: 'DatabaseUnavailable',
          message: `The database cannot be reached or refuses connections (${reason}); nothing changed`,
        },
      };
    } else throw error;
  }
  if (chosen.isJson) io.out(`${JSON.stringify(outcome, null, 2)}\n`);
  else if (outcome.ok) io.out(formatOutcome(chosen.request.command, outcome.result));
  else io.err(`Refused (${outcome.error.code}): ${outcome.error.message}\n`);
  // A broken audit chain is a finding, not a success: scripts see exit code 1.
  const isBrokenChain = outcome.ok && (outcome.result as { ok?: unknown } | null)?.ok === false;
  return outcome.ok && !isBrokenChain ? EXIT.done : EXIT.refused;
}
