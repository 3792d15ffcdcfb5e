// Every call of the contract, found by walking the package's exports: one CallContract per portal call
// (packages/contract/src/*/calls.ts) and one DataApiContract per data-API route. No list to keep by hand:
// a call added to the contract is fuzzed from its next run.

import type { CallContract, DataApiContract } from '@caudal/contract';
import * as contract from '@caudal/contract';

function isCallContract(value: unknown): value is CallContract {
  const call = value as Partial<CallContract> | null;
  return (
    typeof call === 'object' &&
    call !== null &&
    typeof call.path === 'string' &&
    (call.method === 'POST' || call.method === 'GET') &&
    typeof call.access === 'object' &&
    typeof call.request === 'object' &&
    !('operationId' in call)
  );
}

function isDataApiContract(value: unknown): value is DataApiContract {
  const route = value as Partial<DataApiContract> | null;
  return (
    typeof route === 'object' &&
    route !== null &&
    typeof route.operationId === 'string' &&
    typeof route.path === 'string'
  );
}

function collect<T extends { path: string; method: string }>(test: (value: unknown) => value is T): T[] {
  const found = new Map<string, T>();
  const visit = (value: unknown) => {
    if (test(value)) found.set(`${value.method} ${value.path}`, value);
  };
  for (const value of Object.values(contract)) {
    visit(value);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const inner of Object.values(value as Record<string, unknown>)) visit(inner);
    }
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
}

export function listPortalCalls(): CallContract[] {
  return collect(isCallContract);
}

export function listDataApiRoutes(): DataApiContract[] {
  return collect(isDataApiContract);
}
