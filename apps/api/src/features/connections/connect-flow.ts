import { createHmac } from 'node:crypto';
import { type ConnectSession, VALIDATION } from '@caudal/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import {
  type ConnectorResult,
  type ConnectorSuccess,
  findConnector,
  type ScaResult,
} from '../../engine/connectors';
import { consentExpiryFrom, SANDBOX_TEST_CREDENTIALS } from '../../engine/sandbox';
import { writeSnapshot } from '../../engine/snapshot-writer';
import { AppError, retryLater } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import { findHostedCustomCss } from '../../shared/branding/custom-css';
import type { Clock } from '../../shared/clock';
import { loadSecretKey, type SecretKey } from '../../shared/crypto/sealing';
import { findListedEntities } from '../../shared/entity-catalogue';
import { emitEvent } from '../../shared/events/emit-event';
import {
  hitRateLimit,
  isWithinRateLimit,
  type RateLimitRule,
  returnRateLimitHit,
} from '../../shared/rate-limit';
import { hashToken } from '../../shared/secure-tokens';
import { findTroubledInstitutions } from '../funnel';
import {
  consumeToken,
  endTokenIfTriesSpent,
  findLiveToken,
  type LiveToken,
  releasePasswordTry,
  reservePasswordTry,
  savePendingSca,
} from './connect-tokens';
import { findCompanyCredential, findTitularName, insertCredential } from './connections.repository';
import { openCredentialSecret, sealCredentialSecret } from './credential-sealing';
import { failureOf, recordConnectResult, recordConnectStep } from './funnel-steps';
import { buildReturnUrl } from './redirect-uri';
import { createCredentialsToken, saveSuccess } from './refresh';

/**
 * What a token minted by a hosted Link page does when its flow completes, inside the flow's transaction:
 * issue the Link's one-time code and answer the URL to send the visitor to. The links feature provides
 * it (app.ts hands it over), so connections never imports links.
 */
export type FinishLinkVisit = (
  trx: Db,
  config: Config,
  visit: {
    linkId: string;
    companyId: string;
    credentialsId: string;
    language: string;
    /** The Link URL's `state`, handed back on the redirect (null when the URL had none). */
    state: string | null;
    now: Date;
  },
) => Promise<string>;

export interface FlowDeps {
  db: Db;
  config: Config;
  clock: Clock;
  finishLinkVisit: FinishLinkVisit;
}

type ConnectStep = { status: 'done'; redirect_to: string } | { status: 'sca_required' };

const PER_IP = { limit: 120, windowMinutes: 10 };
/** Six-digit codes: a handful of tries per token, so nobody walks the code space. */
const SCA_TRIES_PER_TOKEN = { limit: 10, windowMinutes: 60 };
/**
 * Wrong passwords for one login at one institution, across the tokens of one company: a public Link
 * mints a token per visit, so the cap per token alone would not stop anyone guessing a holder's password
 * (or locking them out of their bank). Per company, so one company's visitors never lock another's
 * customers out.
 */
const WRONG_PASSWORDS_PER_LOGIN = { limit: 10, windowMinutes: 60 };

/**
 * Every hosted-page call counts against the visitor's address *and the token's company*, in the
 * database (shared by instances): end customers of different companies share addresses (a carrier's
 * NAT, office Wi-Fi), and one company's visitors, or someone hammering its pages, must not lock another
 * company's customers out (as for Link session starts: links/link-session.ts). A token that names no
 * session belongs to no company: counted on the address alone, against probing.
 */
export async function enforceConnectRateLimit(db: Db, ip: string, token: string, now: Date): Promise<void> {
  const owner = await db
    .selectFrom('connect_tokens')
    .select('company_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  const key = owner ? `connect:${owner.company_id}:${ip}` : `connect:unknown:ip:${ip}`;
  const hit = await hitRateLimit(db, { key, ...PER_IP }, now);
  if (!hit.isAllowed) throw retryLater('RateLimited', 'Too many connect requests', hit.resetSeconds);
}

const SANDBOX_CREDENTIALS: ConnectSession['sandbox_credentials'] = [
  { outcome: 'success', ...SANDBOX_TEST_CREDENTIALS.success, code: null },
  { outcome: 'sca', ...SANDBOX_TEST_CREDENTIALS.sca },
  { outcome: 'invalid_access', ...SANDBOX_TEST_CREDENTIALS.invalidAccess, code: null },
  { outcome: 'blocked', ...SANDBOX_TEST_CREDENTIALS.blocked, code: null },
  { outcome: 'down', ...SANDBOX_TEST_CREDENTIALS.down, code: null },
];

/** The credential a reset or SCA token acts on; always within the token's own company. */
async function findTokenCredential(db: Db, token: LiveToken) {
  if (!token.credentials_id) return null;
  const credential = await findCompanyCredential(db, token.company_id, token.credentials_id);
  if (!credential) throw new AppError('InvalidConnectToken', 'The credential is gone');
  return credential;
}

export async function getConnectSession(
  deps: Pick<FlowDeps, 'db' | 'clock'>,
  plainToken: string,
): Promise<ConnectSession> {
  const now = deps.clock();
  const token = await findLiveToken(deps.db, plainToken, now);
  const credential = await findTokenCredential(deps.db, token);
  const [institutionStates, customCss] = await Promise.all([
    findTroubledInstitutions(deps.db, token.company_id, now),
    findHostedCustomCss(deps.db, token.company_id),
    recordConnectStep(deps.db, token, 'opened', now),
  ]);
  return {
    mode: token.kind,
    company_name: token.company_name,
    entity_id: credential?.entity_id ?? token.pending_entity_id,
    entities: await findListedEntities(deps.db),
    awaiting_sca: token.pending_sca_token !== null || token.kind === 'sca' || token.kind === 'renew',
    sandbox_credentials: SANDBOX_CREDENTIALS,
    // Set on tokens a hosted Link page minted: the Link's own documents.
    terms_and_conditions_url: token.terms_and_conditions_url,
    privacy_policy_url: token.privacy_policy_url,
    expires_at: token.expires_at.toISOString(),
    custom_css: customCss,
    institution_states: institutionStates,
  };
}

function throwFailure(
  result: Exclude<ConnectorResult, ConnectorSuccess | { outcome: 'sca_required' }>,
): never {
  if (result.outcome === 'invalid_access')
    throw new AppError('InvalidAccess', 'The institution refused the credentials');
  if (result.outcome === 'blocked')
    throw new AppError('CredentialsBlocked', 'The institution blocked this user');
  throw new AppError('InstitutionDown', 'The institution is not available');
}

/**
 * Step one: the visitor's username and password go to the institution. The token is consumed only
 * when the flow completes; a refusal leaves it usable, so the visitor can try again, within the caps on
 * wrong passwords (per token and per login).
 */
export async function submitConnectCredentials(
  deps: FlowDeps,
  input: { token: string; entity_id: string; username: string; password: string; language?: string },
): Promise<ConnectStep> {
  const { db, clock } = deps;
  const now = clock();
  const token = await findLiveToken(db, input.token, now);
  noteAudit({ companyId: token.company_id, targets: visitTargets(token) });
  // An SCA or renewal link only reauthorises (submit-sca): it must never rebind the credential's login.
  if (token.kind === 'sca' || token.kind === 'renew')
    throw new AppError('InvalidConnectToken', 'This link only takes an SCA code');
  const credential = await findTokenCredential(db, token);
  const entities = await findListedEntities(db);
  if (!entities.some((entity) => entity.id === input.entity_id))
    throw new AppError('NotFound', 'No such entity');
  if (credential && credential.entity_id !== input.entity_id) {
    throw new AppError('ValidationError', 'This link is for another institution', [
      { path: ['entity_id'], message: VALIDATION.invalid },
    ]);
  }
  const key = await loadSecretKey(db, deps.config.credentialsKey);
  const tries = await reservePasswordTries(db, token, loginTriesRule(key, token, input), now);
  await recordConnectStep(db, token, 'credentials_sent', now, input.entity_id);
  const result = await logIn(input, now);
  if (result.outcome === 'invalid_access') {
    await recordConnectResult(db, token, input.entity_id, failureOf(result), now);
    await refuseWrongPassword(db, token, tries, now);
  }
  await releasePasswordTries(db, token, tries);
  const sealed = sealCredentialSecret(key, token.company_id, {
    username: input.username,
    password: input.password,
  });
  if (result.outcome === 'sca_required') {
    await savePendingSca(db, token.token_hash, now, {
      entityId: input.entity_id,
      sealedSecret: sealed,
      scaToken: result.scaToken,
    });
    await recordConnectStep(db, token, 'sca_asked', now, input.entity_id);
    return { status: 'sca_required' };
  }
  if (result.outcome !== 'ok') {
    await recordConnectResult(db, token, input.entity_id, failureOf(result), now);
    throwFailure(result);
  }
  return finishFlow(deps, token, {
    entityId: input.entity_id,
    login: input.username,
    sealed,
    success: result,
    language: input.language ?? null,
  });
}

/** The bank's answer to the visitor's login; a connector that fails to answer is down. */
async function logIn(
  input: { entity_id: string; username: string; password: string },
  now: Date,
): Promise<ConnectorResult> {
  try {
    return await findConnector(input.entity_id).login({
      entityId: input.entity_id,
      username: input.username,
      password: input.password,
      asOf: now,
    });
  } catch {
    return { outcome: 'down' };
  }
}

/**
 * Where a login's wrong passwords are counted: the token's company, the institution and a keyed digest
 * of the username, never the username (a plain hash of a national id is reversed by trying them all).
 * Compared as a bank's form compares it (loginKeyOf), so a changed case or form is the same login.
 */
function loginTriesRule(
  key: SecretKey,
  token: Pick<LiveToken, 'company_id'>,
  input: { entity_id: string; username: string },
): RateLimitRule {
  // A key of its own, derived: the sealing key itself only ever seals.
  const digestKey = createHmac('sha256', key).update('connect-login-tries').digest();
  const digest = createHmac('sha256', digestKey).update(loginKeyOf(input.username)).digest('base64url');
  return {
    key: `connect:login:${token.company_id}:${input.entity_id}:${digest}`,
    ...WRONG_PASSWORDS_PER_LOGIN,
  };
}

/**
 * The login as a bank's form compares it, so a variant cannot win fresh tries: composed and compatibility
 * forms alike (NFKC: "josé" typed or pasted decomposed), invisible format characters dropped (a
 * zero-width space), trimmed and in one case.
 */
function loginKeyOf(username: string): string {
  return username
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .trim()
    .toLowerCase();
}

interface PasswordTries {
  loginRule: RateLimitRule;
  /** Seconds until the login's window ends: when a visitor who spent its tries may start again. */
  resetSeconds: number;
  /** Wrong passwords the login may still get in its window, this one counted. */
  remaining: number;
}

/**
 * Takes this submission's try on the token, then on the login, before the bank sees the password: each
 * in one statement, so concurrent submissions never get more than the caps through. Refused
 * (RateLimited), it holds none. The tries are given back unless the bank says the password is wrong.
 */
async function reservePasswordTries(
  db: Db,
  token: LiveToken,
  loginRule: RateLimitRule,
  now: Date,
): Promise<PasswordTries> {
  // Taken up by submissions still at the bank (the ones that spent them ended the token already).
  if (!(await reservePasswordTry(db, token.token_hash)))
    throw new AppError('TooManyPasswordTries', 'Too many password tries on this link');
  const hit = await hitRateLimit(db, loginRule, now);
  if (!hit.isAllowed) {
    await releasePasswordTry(db, token.token_hash);
    throw retryLater('TooManyPasswordTries', 'Too many wrong passwords for this login', hit.resetSeconds);
  }
  return { loginRule, resetSeconds: hit.resetSeconds, remaining: hit.remaining };
}

async function releasePasswordTries(db: Db, token: LiveToken, tries: PasswordTries): Promise<void> {
  await releasePasswordTry(db, token.token_hash);
  // hitRateLimit counted it before the bank answered; the bank did not refuse the password.
  await returnRateLimitHit(db, tries.loginRule);
}

/**
 * A wrong password keeps its tries. The one that spends the token's ends it, and says so instead of
 * InvalidAccess: the visitor may start again once the login's window is over.
 */
async function refuseWrongPassword(
  db: Db,
  token: LiveToken,
  tries: PasswordTries,
  now: Date,
): Promise<never> {
  if (await endTokenIfTriesSpent(db, token.token_hash, now)) {
    // The visit is over; the login may still be tried on a new one unless its own cap is spent too,
    // and then only once its window ends: the wait is said only when there is one (QA).
    if (tries.remaining > 0)
      throw new AppError('TooManyPasswordTries', 'Too many wrong passwords on this link');
    throw retryLater('TooManyPasswordTries', 'Too many wrong passwords for this login', tries.resetSeconds);
  }
  throw new AppError('InvalidAccess', 'The institution refused the credentials');
}

/** Step two: the SCA code, for a challenge of step one or for a reauthorisation (sca mode). */
export async function submitConnectSca(
  deps: FlowDeps,
  input: { token: string; code: string; language?: string },
): Promise<ConnectStep> {
  const { db, clock } = deps;
  const now = clock();
  const token = await findLiveToken(db, input.token, now);
  noteAudit({ companyId: token.company_id, targets: visitTargets(token) });
  if (
    !(await isWithinRateLimit(db, { key: `connect:sca:${token.token_hash}`, ...SCA_TRIES_PER_TOKEN }, now))
  ) {
    throw new AppError('RateLimited', 'Too many SCA attempts');
  }
  const credential = await findTokenCredential(db, token);
  const key = await loadSecretKey(db, deps.config.credentialsKey);

  let step: { entityId: string; login: string; sealed: string | null; scaToken: string };
  if (token.pending_sca_token && token.pending_entity_id && token.pending_secret) {
    const secret = openCredentialSecret(key, token.company_id, token.pending_secret);
    step = {
      entityId: token.pending_entity_id,
      login: secret.username,
      sealed: token.pending_secret,
      scaToken: token.pending_sca_token,
    };
  } else if ((token.kind === 'sca' || token.kind === 'renew') && credential) {
    step = {
      entityId: credential.entity_id,
      login: credential.login,
      sealed: null,
      scaToken: credential.sca_token ?? 'reauthorisation',
    };
  } else {
    throw new AppError('InvalidScaCode', 'No SCA is pending for this link');
  }

  const stored = step.sealed ?? credential?.secret_ciphertext ?? null;
  let result: ScaResult;
  try {
    result = await findConnector(step.entityId).completeSca({
      entityId: step.entityId,
      login: step.login,
      secret: stored ? openCredentialSecret(key, token.company_id, stored) : null,
      scaToken: step.scaToken,
      code: input.code,
      state: credential?.connector_state ?? null,
      titularName: credential ? await findTitularName(db, credential.id) : null,
      asOf: now,
      renewsConsent: token.kind === 'renew',
    });
  } catch {
    result = { outcome: 'down' };
  }
  if (result.outcome !== 'ok') await recordConnectResult(db, token, step.entityId, failureOf(result), now);
  if (result.outcome === 'invalid_code') throw new AppError('InvalidScaCode', 'Wrong SCA code');
  if (result.outcome === 'down') throw new AppError('InstitutionDown', 'The institution is not available');
  await recordConnectStep(db, token, 'sca_passed', now, step.entityId);
  return finishFlow(deps, token, {
    entityId: step.entityId,
    login: step.login,
    sealed: step.sealed,
    success: result,
    language: input.language ?? null,
  });
}

/**
 * The flow completes in one transaction: the token is consumed (single use, whoever races), then a
 * connect creates the credential and a reset, reauthorisation or renewal updates its own one, keeping
 * its credentials_token; the snapshot is written either way. Whatever the holder completed here, they
 * gave the institution a new consent: its end date starts again from now (decision 0033), and the
 * page's language becomes the one their reminders are written in.
 */
async function finishFlow(
  deps: FlowDeps,
  live: LiveToken,
  done: {
    entityId: string;
    login: string;
    sealed: string | null;
    success: ConnectorSuccess;
    language: string | null;
  },
): Promise<ConnectStep> {
  const now = deps.clock();
  const consent = {
    consent_expires_at: consentExpiryFrom(done.entityId, now),
    holder_language: done.language ?? live.language,
  };
  // A token minted by a hosted Link page ends with a one-time Link code instead of the credentials token.
  let linkReturn: string | null = null;
  const credentialsToken = await deps.db.transaction().execute(async (trx) => {
    const token = await consumeToken(trx, live.token_hash, now);
    // Recorded with the flow it completes: rolled back with it (a paused Link, a lost race).
    await recordConnectResult(trx, token, done.entityId, null, now);
    if (token.kind === 'connect') {
      const created = await insertCredential(trx, {
        company_id: token.company_id,
        token: createCredentialsToken(),
        entity_id: done.entityId,
        client_id: token.client_id,
        login: done.login.trim(),
        status: 'ok',
        secret_ciphertext: done.sealed,
        connector_state: JSON.stringify(done.success.state),
        last_update: now,
        last_success_at: now,
        created_at: now,
        updated_at: now,
        ...consent,
      });
      noteAudit({ targets: { credential: created.token } });
      await emitEvent(
        trx,
        {
          companyId: created.company_id,
          type: 'credentials.created',
          data: { credentials_token: created.token, bank: done.entityId, client_id: created.client_id },
        },
        now,
      );
      await writeSnapshot(
        trx,
        {
          companyId: created.company_id,
          credentialsId: created.id,
          clientId: created.client_id,
          now,
          // A first connection brings the holdings' past values (decision 0035).
          backfillValuations: true,
        },
        done.success.snapshot,
      );
      if (token.link_id) {
        linkReturn = await deps.finishLinkVisit(trx, deps.config, {
          linkId: token.link_id,
          companyId: token.company_id,
          credentialsId: created.id,
          // The page's language at the end, not the one it opened in: the visitor may have switched.
          language: consent.holder_language,
          state: token.link_state,
          now,
        });
      }
      return created.token;
    }
    const credential = token.credentials_id
      ? await findCompanyCredential(trx, token.company_id, token.credentials_id)
      : undefined;
    if (!credential) throw new AppError('InvalidConnectToken', 'The credential is gone');
    noteAudit({ targets: { credential: credential.token, client: credential.client_id } });
    await saveSuccess(
      trx,
      credential,
      done.success,
      now,
      done.sealed ? { ...consent, secret_ciphertext: done.sealed, login: done.login.trim() } : consent,
    );
    return credential.token;
  });
  return { status: 'done', redirect_to: linkReturn ?? buildReturnUrl(live.redirect_uri, credentialsToken) };
}

/** What a visitor's step is about: the client the page was made for, and the Link it came through. */
function visitTargets(token: LiveToken) {
  return { client: token.client_id, link: token.link_token ?? undefined };
}
