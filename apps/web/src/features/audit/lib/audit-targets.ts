import type { AuditEvent } from '@caudal/contract/routes';

/** The kinds of target an event may point at, in the order the screen lists them. */
export const TARGET_KINDS = ['client', 'credential', 'link', 'application', 'user'] as const;
export type AuditTargetKind = (typeof TARGET_KINDS)[number];

export interface AuditTarget {
  kind: AuditTargetKind;
  /** What the log keeps: a client's or application's id, a credential's or Link's token, a username. */
  id: string;
  /** Its name, when the API knows one (clients, Links, applications): shown first, the id beside it. */
  name: string | null;
}

type NamedKind = keyof AuditEvent['target_names'];
const NAMED: Record<NamedKind, true> = { client: true, link: true, application: true };
const isNamed = (kind: AuditTargetKind): kind is NamedKind => kind in NAMED;

/** The event's targets, in the screen's order, each with the name the API read beside its id. */
export function auditTargets(event: Pick<AuditEvent, 'targets' | 'target_names'>): AuditTarget[] {
  return TARGET_KINDS.flatMap((kind) => {
    const id = event.targets[kind];
    if (!id) return [];
    const name = isNamed(kind) ? event.target_names[kind] : null;
    return [{ kind, id, name: name || null }];
  });
}
