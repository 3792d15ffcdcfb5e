import { SCA_STALE_AFTER_MS } from '@caudal/contract';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CredentialsTable } from '../../db/schema';
import type { SandboxState } from '../../engine/connectors';
import type { Clock } from '../../shared/clock';

const HOUR_MS = 3_600_000;

export interface ConnectionStatesSummary {
  healthy: number;
  scaStale: string | null;
  blocked: string | null;
  invalidAccess: string | null;
  down: string | null;
}

/**
 * Puts the company's demo credentials in every state the connections screens show, picking them in a
 * deterministic order (entity, login): the 1st needs SCA and is stale (needsAction), the 2nd is blocked
 * by the institution, the 3rd has a wrong password (blocked + invalid_access), the 4th hit an outage
 * (down, not blocked), and every other one is healthy (refreshed within the last hours). The sandbox
 * state keeps them so across scheduled refreshes: the SCA one keeps asking for a code, the down one
 * stays down, blocked ones are not refreshed. Returns the tokens picked. Call it after the demo book.
 */
export async function seedConnectionStates(
  db: Db,
  companyId: string,
  clock: Clock,
): Promise<ConnectionStatesSummary> {
  const now = clock().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS);
  const credentials = await db
    .selectFrom('credentials')
    .select(['id', 'token'])
    .where('company_id', '=', companyId)
    .orderBy('entity_id')
    .orderBy('login')
    .orderBy('id')
    .execute();
  const [sca, blocked, invalid, down, ...healthy] = credentials;
  const set = (id: string, values: Updateable<CredentialsTable>) =>
    db
      .updateTable('credentials')
      .set(values)
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();

  if (sca) {
    const state: SandboxState = {
      scaRequired: true,
      scaAuthorisedAt: at(30 + SCA_STALE_AFTER_MS / HOUR_MS).toISOString(),
    };
    await set(sca.id, {
      status: 'sca',
      blocked: false,
      error: null,
      sca_token: `sca_demo_${sca.id.slice(0, 8)}`,
      last_success_at: at(30),
      last_update: at(1),
      connector_state: JSON.stringify(state),
    });
  }
  if (blocked) {
    await set(blocked.id, {
      status: 'error',
      blocked: true,
      error: 'blocked',
      sca_token: null,
      last_success_at: at(52),
      last_update: at(4),
    });
  }
  if (invalid) {
    await set(invalid.id, {
      status: 'error',
      blocked: true,
      error: 'invalid_access',
      sca_token: null,
      last_success_at: at(75),
      last_update: at(3),
    });
  }
  if (down) {
    const state: SandboxState = { simulate: 'down' };
    await set(down.id, {
      status: 'error',
      blocked: false,
      error: 'down',
      sca_token: null,
      last_success_at: at(8),
      last_update: at(0.5),
      connector_state: JSON.stringify(state),
    });
  }
  for (const [index, credential] of healthy.entries()) {
    const refreshed = at(0.25 + (index % 12) * 0.4);
    await set(credential.id, {
      status: 'ok',
      blocked: false,
      error: null,
      sca_token: null,
      last_success_at: refreshed,
      last_update: refreshed,
    });
  }
  await recordDemoOutcomes(db, companyId);
  return {
    healthy: healthy.length,
    scaStale: sca?.token ?? null,
    blocked: blocked?.token ?? null,
    invalidAccess: invalid?.token ?? null,
    down: down?.token ?? null,
  };
}

/**
 * The institutions' health (the connections page's and the summary's card) is read from outcomes the
 * connect and refresh flows record. The demo's credentials were written, not refreshed: each gets the
 * outcome of its last update as it reads on the screen (a success, or its error), so the card beside
 * the table tells the same story as the table.
 */
async function recordDemoOutcomes(db: Db, companyId: string): Promise<void> {
  const rows = await db
    .selectFrom('credentials')
    .select(['entity_id', 'status', 'error', 'last_update'])
    .where('company_id', '=', companyId)
    .where('last_update', 'is not', null)
    .execute();
  const outcomes = rows.flatMap((row) => {
    const outcome = row.status === 'ok' ? 'success' : row.status === 'sca' ? 'sca_required' : row.error;
    if (!outcome || !row.last_update) return [];
    return [
      {
        company_id: companyId,
        entity_id: row.entity_id,
        kind: 'refresh' as const,
        outcome,
        occurred_at: row.last_update,
      },
    ];
  });
  if (outcomes.length > 0) await db.insertInto('institution_outcomes').values(outcomes).execute();
}
