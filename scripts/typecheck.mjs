#!/usr/bin/env node
// Type-checks every workspace with TypeScript 7 (the native compiler, decision 0048): the same strict
// checks as 5.9 at about a quarter of the CPU. TypeScript 5.9 stays installed as the library the tools
// that read TypeScript through its JavaScript API use (dependency-cruiser's type-only imports).
//   node scripts/typecheck.mjs [workspace…]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const NATIVE_TSC = fileURLToPath(
  new URL('../node_modules/typescript-native/bin/tsc', import.meta.url),
);
export const WORKSPACES = ['apps/web', 'apps/api', 'bench', 'packages/contract', 'e2e'];

if (import.meta.url === `file://${process.argv[1]}`) {
  const chosen = process.argv.slice(2);
  let failed = 0;
  for (const workspace of chosen.length > 0 ? chosen : WORKSPACES) {
    const result = spawnSync(process.execPath, [NATIVE_TSC, '-p', workspace], { stdio: 'inherit' });
    if (result.status !== 0) failed += 1;
  }
  process.exit(failed > 0 ? 1 : 0);
}
