// The mixed staff workload: what a member of staff does on the large tenant, as calls with bodies.
import { CREDENTIAL_PAGE_SIZE, connections, exports, summary, wealth } from '@caudal/contract';
import type { Tenant } from './tenants';

export interface StaffCall {
  /** A short name for the figures. */
  name: string;
  path: string;
  body: unknown;
}

/** How often each kind of call comes up, out of 100; an export is rare, reading lists is most of it. */
const MIX: readonly [string, number][] = [
  ['client-list', 18],
  ['client-search', 14],
  ['client-get', 14],
  ['client-accounts', 10],
  ['transactions', 20],
  ['connections', 6],
  ['summary', 6],
  ['export-list', 8],
  ['export-generate', 4],
];
const SURNAMES = ['García', 'López', 'Martín', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Díaz'];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

export function nextStaffCall(tenant: Tenant): StaffCall {
  let roll = Math.random() * 100;
  let kind = MIX[0]?.[0] ?? 'client-list';
  for (const [name, weight] of MIX) {
    roll -= weight;
    if (roll < 0) {
      kind = name;
      break;
    }
  }
  return staffCall(kind, tenant);
}

export function staffCall(kind: string, tenant: Tenant): StaffCall {
  const clientId = pick(tenant.clientIds);
  switch (kind) {
    case 'client-list': {
      const pages = Math.max(1, Math.floor(tenant.clientIds.length / 25));
      const page = 1 + Math.floor(Math.random() * Math.min(pages, 200));
      return { name: kind, path: wealth.clientList.path, body: { sort: 'name', page, page_size: 25 } };
    }
    case 'client-search':
      return {
        name: kind,
        path: wealth.clientList.path,
        body: { search: pick(SURNAMES), page: 1, page_size: 25 },
      };
    case 'client-get':
      return { name: kind, path: wealth.clientGet.path, body: { client_id: clientId } };
    case 'client-accounts':
      return { name: kind, path: wealth.clientAccountList.path, body: { client_id: clientId } };
    case 'transactions': {
      const account = tenant.accounts.length > 0 ? pick(tenant.accounts) : null;
      return account
        ? { name: kind, path: wealth.productTransactionList.path, body: account }
        : { name: kind, path: wealth.clientList.path, body: { page: 1 } };
    }
    case 'connections':
      // What an institution's page asks for (web: entityListRequest with its defaults): the first page,
      // newest first. Until this session the workload asked for the whole institution unpaged (~1,000
      // credentials per call), which no screen does.
      return {
        name: kind,
        path: connections.getCredentialsInformation.path,
        body:
          tenant.banks.length > 0
            ? {
                bank: pick(tenant.banks),
                sort: 'created_at',
                order: 'desc',
                page: 1,
                page_size: CREDENTIAL_PAGE_SIZE.default,
              }
            : {},
      };
    case 'summary':
      return { name: kind, path: summary.getSummary.path, body: {} };
    case 'export-list':
      return { name: kind, path: exports.exportList.path, body: {} };
    case 'export-generate':
      // A company without connections has no entity to export from: it lists its exports instead.
      if (tenant.banks.length === 0) return { name: 'export-list', path: exports.exportList.path, body: {} };
      // One client's positions: the job is small, so the load measures the call, not a 1M-row file.
      return {
        name: kind,
        path: exports.exportGenerate.path,
        body: {
          type: 'positions',
          format: 'csv',
          client_ids: [clientId],
          entity_ids: tenant.banks.slice(0, 5),
        },
      };
    default:
      throw new Error(`Unknown staff call ${kind}`);
  }
}
