import type { Connector } from './connector';
import { sandboxConnector } from './sandbox-connector';

export type * from './connector';
export { type SandboxState, sandboxConnector } from './sandbox-connector';

/**
 * Real connectors register here by entity id; every other catalogue entity is served by the sandbox.
 * The portal asks only `findConnector`, so adding one touches nothing else.
 */
const CONNECTORS: ReadonlyMap<string, Connector> = new Map();

export function findConnector(entityId: string): Connector {
  return CONNECTORS.get(entityId) ?? sandboxConnector;
}
