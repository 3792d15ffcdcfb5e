import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { findListedEntities } from '../../shared/entity-catalogue';
import { findLiveToken } from './connect-tokens';
import { recordConnectStep } from './funnel-steps';

/** The visitor picked an institution on the hosted page: only the funnel step is recorded. */
export async function chooseConnectInstitution(
  deps: { db: Db; clock: Clock },
  input: { token: string; entity_id: string },
): Promise<{ success: true }> {
  const now = deps.clock();
  const token = await findLiveToken(deps.db, input.token, now);
  const entities = await findListedEntities(deps.db);
  if (!entities.some((entity) => entity.id === input.entity_id))
    throw new AppError('NotFound', 'No such entity');
  await recordConnectStep(deps.db, token, 'institution_chosen', now, input.entity_id);
  return { success: true };
}
