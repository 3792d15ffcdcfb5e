import { type ConnectSession, type Entity, isListedEntity } from '@caudal/contract/routes';

export type ConnectStep = 'institution' | 'credentials' | 'sca';

/** The steps the visitor goes through in each mode: reset has its institution fixed, sca and renew only ask the code. */
export function stepsFor(mode: ConnectSession['mode']): ConnectStep[] {
  if (mode === 'sca' || mode === 'renew') return ['sca'];
  if (mode === 'reset') return ['credentials', 'sca'];
  return ['institution', 'credentials', 'sca'];
}

/** Where a freshly loaded session starts (a reload in the middle of SCA goes straight to the code). */
export function initialStep(
  session: Pick<ConnectSession, 'mode' | 'entity_id' | 'awaiting_sca'>,
): ConnectStep {
  if (session.mode === 'sca' || session.mode === 'renew' || session.awaiting_sca) return 'sca';
  if (session.mode === 'reset' || session.entity_id !== null) return 'credentials';
  return 'institution';
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** The institutions to offer, filtered by name as the visitor types (accents and case ignored). */
export function filterEntities(entities: readonly Entity[], search: string): Entity[] {
  const query = fold(search);
  return entities
    .filter(isListedEntity)
    .filter((entity) => query === '' || fold(entity.name).includes(query))
    .sort((a, b) => a.name.localeCompare(b.name));
}
