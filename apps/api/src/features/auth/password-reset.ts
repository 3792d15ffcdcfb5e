import type { LocaleCode } from '@caudal/contract';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import { hashPassword } from '../../shared/auth/passwords';
import { endUserSessions } from '../../shared/auth/session-store';
import { addMinutes, type Clock } from '../../shared/clock';
import type { JobQueue } from '../../shared/jobs/jobs';
import type { Logger } from '../../shared/logger';
import { notifyMailQueued } from '../../shared/mail/mail-jobs';
import { queueMail } from '../../shared/mail/outbox';
import { isWithinRateLimit } from '../../shared/rate-limit';
import { hashToken, randomToken } from '../../shared/secure-tokens';
import {
  clearLoginFailures,
  consumeResetToken,
  findActiveUsersByEmail,
  findUserForReset,
  insertResetToken,
  invalidateResetTokens,
  toLockoutKey,
  updatePasswordHash,
} from './auth.repository';
import { composeResetMail } from './reset-mail';

export const RESET_TOKEN_MINUTES = 30;
const RATE_WINDOW_MINUTES = 15;

export interface PasswordResetDeps {
  db: Db;
  clock: Clock;
  config: Config;
  jobs: JobQueue;
  log: Pick<Logger, 'warn'>;
}

/**
 * The link goes to the page the portal named only if that page is on one of our origins. Otherwise an
 * attacker could have us mail a victim a link whose token lands on the attacker's site.
 */
export function findResetPageUrl(requested: string, language: LocaleCode, config: Config): URL {
  const ownOrigins = new Set([config.publicUrl, config.redirectBaseUrl].map((base) => new URL(base).origin));
  try {
    const url = new URL(requested);
    if (ownOrigins.has(url.origin)) {
      url.hash = '';
      return url;
    }
  } catch {
    // Not a URL: fall through to our own page.
  }
  return new URL(`${config.publicUrl}/${language}/sesion/resetPassword`);
}

/**
 * Counts the request against the per-email and per-address limits (429 when over). The same two
 * statements run whether or not the email belongs to anyone: the lookup and the mail come after the
 * answer (mailResetLinks), so the answer's timing tells nothing about which emails exist.
 */
export async function reserveResetRequest(
  deps: Pick<PasswordResetDeps, 'db' | 'clock' | 'config'>,
  request: { email: string; ip: string },
): Promise<void> {
  const { db, config } = deps;
  const now = deps.clock();
  const email = request.email.toLowerCase();
  // The address first: a request its address may no longer make must not spend the email's budget,
  // or one flooding client could lock its victim out of resetting their own password.
  const isAllowed =
    (await isWithinRateLimit(
      db,
      {
        key: `forgot:ip:${request.ip}`,
        limit: config.forgotPasswordMaxPerIp,
        windowMinutes: RATE_WINDOW_MINUTES,
      },
      now,
    )) &&
    (await isWithinRateLimit(
      db,
      {
        key: `forgot:email:${email}`,
        limit: config.forgotPasswordMaxPerEmail,
        windowMinutes: RATE_WINDOW_MINUTES,
      },
      now,
    ));
  if (!isAllowed) throw new AppError('RateLimited', 'Too many password reset requests');
}

/** Mails a single-use reset link to every active user with this email (none: nothing happens). */
export async function mailResetLinks(
  deps: PasswordResetDeps,
  request: { email: string; url: string; language: LocaleCode },
): Promise<void> {
  const { db, config } = deps;
  const now = deps.clock();
  const email = request.email.toLowerCase();
  const users = await findActiveUsersByEmail(db, email);
  if (users.length === 0) return;
  const page = findResetPageUrl(request.url, request.language, config);

  const outboxIds = await db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (const user of users) {
      const token = randomToken(32);
      await insertResetToken(trx, {
        tokenHash: hashToken(token),
        userId: user.id,
        companyId: user.company_id,
        now,
        expiresAt: addMinutes(now, RESET_TOKEN_MINUTES),
      });
      const link = new URL(page);
      // In the fragment: no server, proxy or request log sees it, nor a Referer (the page reads it).
      link.hash = token;
      const mail = composeResetMail(request.language, {
        link: link.toString(),
        name: user.name,
        username: user.username,
        companyName: user.companyName,
        platformName: config.platformName,
      });
      ids.push(
        await queueMail(trx, {
          companyId: user.company_id,
          to: user.email ?? email,
          subject: mail.subject,
          text: mail.text,
        }),
      );
    }
    return ids;
  });
  // After the commit, never inside it (with PGlite that would wait on the transaction's own lock).
  for (const id of outboxIds) await notifyMailQueued(deps.db, deps.jobs, deps.log, id);
}

export async function resetPassword(deps: PasswordResetDeps, request: { token: string; password: string }) {
  const now = deps.clock();
  // Hash before the transaction: argon2 is slow and the transaction should hold its locks briefly.
  const passwordHash = await hashPassword(request.password, deps.config.passwordHashing);
  await deps.db.transaction().execute(async (trx) => {
    const token = await consumeResetToken(trx, hashToken(request.token), now);
    if (!token) throw new AppError('InvalidResetToken', 'The reset token is unknown, used or expired');
    const user = await findUserForReset(trx, token.user_id, token.company_id);
    if (!user || user.disabled_at) throw new AppError('InvalidResetToken', 'The user cannot reset');
    noteAudit({
      companyId: token.company_id,
      actor: { kind: 'visitor', id: user.id, name: user.username },
      targets: { user: user.username },
    });
    await updatePasswordHash(trx, user.id, token.company_id, passwordHash);
    await invalidateResetTokens(trx, user.id, now);
    await endUserSessions(trx, user.id, now);
    await clearLoginFailures(trx, toLockoutKey(user.companyName, user.username));
  });
}

/**
 * The operator's reset (command line): a single-use reset link for one staff user, mailed to them and
 * answered so the operator can hand it over too. One transaction; the mail goes after the commit.
 */
export async function issuePasswordReset(
  deps: PasswordResetDeps,
  input: { companyId: string; username: string; language: LocaleCode },
): Promise<{ link: string; email: string | null }> {
  const { db, config } = deps;
  const now = deps.clock();
  const result = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.username',
        'users.name',
        'users.email',
        'users.password_hash',
        'users.disabled_at',
        'companies.name as companyName',
      ])
      .where('users.company_id', '=', input.companyId)
      .where('users.kind', '=', 'staff')
      .where(sql<boolean>`lower(users.username) = ${input.username.trim().toLowerCase()}`)
      .executeTakeFirst();
    if (!user) throw new AppError('NotFound', 'No such staff user');
    if (user.disabled_at) throw new AppError('Conflict', 'The user is disabled: enable them first');
    if (user.password_hash === null) {
      throw new AppError('Conflict', 'The user has not accepted their invitation: resend it instead');
    }
    const token = randomToken(32);
    await insertResetToken(trx, {
      tokenHash: hashToken(token),
      userId: user.id,
      companyId: input.companyId,
      now,
      expiresAt: addMinutes(now, RESET_TOKEN_MINUTES),
    });
    const link = new URL(`${config.publicUrl}/${input.language}/sesion/resetPassword`);
    link.hash = token;
    const outboxId = user.email
      ? await queueMail(trx, {
          companyId: input.companyId,
          to: user.email,
          ...toSubjectAndText(
            composeResetMail(input.language, {
              link: link.toString(),
              name: user.name,
              username: user.username,
              companyName: user.companyName,
              platformName: config.platformName,
            }),
          ),
        })
      : null;
    return { link: link.toString(), email: user.email, outboxId };
  });
  if (result.outboxId) await notifyMailQueued(deps.db, deps.jobs, deps.log, result.outboxId);
  return { link: result.link, email: result.email };
}

function toSubjectAndText(mail: { subject: string; text: string }) {
  return { subject: mail.subject, text: mail.text };
}
