export const CONNECTIONS_PATH = '/wealth/connections';

export function entityConnectionsPath(entityId: string): string {
  return `${CONNECTIONS_PATH}/${encodeURIComponent(entityId)}`;
}
