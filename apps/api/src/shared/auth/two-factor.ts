import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../app-error';
import { createRecoveryCodes, hashRecoveryCode } from './recovery-codes';
import { createEnrolment, findCodeStep, loadSealingKey, openTotpKey, sealTotpKey } from './totp';

export interface TwoFactorDeps {
  db: Db;
  config: Pick<Config, 'credentialsKey'>;
}

export interface TwoFactorOwner {
  userId: string;
  companyId: string;
}

/** The one second factor given at sign-in: the authenticator's code, or a recovery code. */
export type SecondFactor = { code: string } | { recovery_code: string };

function findTotpState(db: Db, owner: TwoFactorOwner) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.username',
      'users.kind',
      'users.totp_key',
      'users.totp_pending_key',
      'users.totp_last_step',
      'companies.name as companyName',
      'companies.require_two_factor as isRequired',
    ])
    .where('users.id', '=', owner.userId)
    .where('users.company_id', '=', owner.companyId)
    .executeTakeFirst();
}

export async function findTwoFactorStatus(db: Db, owner: TwoFactorOwner) {
  const state = await findTotpState(db, owner);
  const left = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', owner.userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return {
    is_enabled: state?.totp_key != null,
    is_required: state?.kind === 'staff' && state.isRequired === true,
    recovery_codes_left: state?.totp_key != null ? Number(left?.n ?? 0) : 0,
  };
}

/** A new key waits, sealed, for its first code; an earlier unconfirmed one is replaced. */
export async function beginTotpEnrolment(deps: TwoFactorDeps, owner: TwoFactorOwner) {
  const state = await findTotpState(deps.db, owner);
  if (!state) throw new AppError('NotFound', 'Unknown user');
  if (state.totp_key !== null) throw new AppError('Conflict', 'Two-factor sign-in is already on');
  const enrolment = await createEnrolment(`${state.companyName}:${state.username}`);
  const sealingKey = await loadSealingKey(deps.db, deps.config.credentialsKey);
  await deps.db
    .updateTable('users')
    .set({ totp_pending_key: sealTotpKey(sealingKey, owner, enrolment.key) })
    .where('id', '=', owner.userId)
    .where('company_id', '=', owner.companyId)
    .execute();
  return enrolment;
}

/**
 * The first code confirms the pending key: two-factor is on, its step counts as used, and ten recovery
 * codes replace any earlier ones. The codes are returned this once; only their hashes are kept.
 */
export async function confirmTotpEnrolment(
  deps: TwoFactorDeps,
  owner: TwoFactorOwner,
  code: string,
  now: Date,
) {
  const state = await findTotpState(deps.db, owner);
  if (!state) throw new AppError('NotFound', 'Unknown user');
  if (state.totp_key !== null) throw new AppError('Conflict', 'Two-factor sign-in is already on');
  if (state.totp_pending_key === null) throw new AppError('NotFound', 'No enrolment was started');
  const sealingKey = await loadSealingKey(deps.db, deps.config.credentialsKey);
  const key = openTotpKey(sealingKey, owner, state.totp_pending_key);
  const step = await findCodeStep(key, code, now, null);
  if (step === null) throw new AppError('InvalidTwoFactorCode', 'The code is not valid');
  const codes = createRecoveryCodes();
  const isEnabled = await deps.db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable('users')
      .set({
        totp_key: state.totp_pending_key,
        totp_pending_key: null,
        totp_enabled_at: now,
        totp_last_step: step,
      })
      .where('id', '=', owner.userId)
      .where('company_id', '=', owner.companyId)
      .where('totp_key', 'is', null)
      .where('totp_pending_key', '=', state.totp_pending_key)
      .returning('id')
      .executeTakeFirst();
    if (!enabled) return false;
    await trx.deleteFrom('recovery_codes').where('user_id', '=', owner.userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(
        codes.map((recovery) => ({
          code_hash: hashRecoveryCode(recovery),
          user_id: owner.userId,
          company_id: owner.companyId,
          created_at: now,
        })),
      )
      .execute();
    return true;
  });
  // Two confirmations raced, or the enrolment was restarted meanwhile: only one wins.
  if (!isEnabled) throw new AppError('Conflict', 'The enrolment changed meanwhile');
  return { recovery_codes: codes };
}

/**
 * True when the factor is good, and then it is spent: a code's time-step (and any earlier) is refused
 * from now on, a recovery code is marked used. Both are one conditional update, so of two parallel
 * uses of the same code only one passes.
 */
export async function spendSecondFactor(
  deps: TwoFactorDeps,
  owner: TwoFactorOwner,
  factor: SecondFactor,
  now: Date,
): Promise<boolean> {
  if ('recovery_code' in factor) {
    const used = await deps.db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('code_hash', '=', hashRecoveryCode(factor.recovery_code))
      .where('user_id', '=', owner.userId)
      .where('company_id', '=', owner.companyId)
      .where('used_at', 'is', null)
      .returning('code_hash')
      .executeTakeFirst();
    return used !== undefined;
  }
  const state = await findTotpState(deps.db, owner);
  if (!state?.totp_key) return false;
  const sealingKey = await loadSealingKey(deps.db, deps.config.credentialsKey);
  const key = openTotpKey(sealingKey, owner, state.totp_key);
  const step = await findCodeStep(key, factor.code, now, state.totp_last_step);
  if (step === null) return false;
  const accepted = await deps.db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', owner.userId)
    .where('company_id', '=', owner.companyId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return accepted !== undefined;
}

/** Two-factor off: key, pending key and recovery codes gone; the user enrols again. */
export async function clearTwoFactor(db: Db, owner: TwoFactorOwner): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_key: null, totp_pending_key: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', owner.userId)
    .where('company_id', '=', owner.companyId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', owner.userId).execute();
}
