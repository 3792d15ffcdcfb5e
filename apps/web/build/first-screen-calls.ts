import { join } from 'node:path';
import { type Plugin, runnerImport } from 'vite';
import type * as Probe from './first-screen-calls-probe';

/**
 * Fails the build when the early entry's calls (src/first-screens.ts, started by src/early-start.ts)
 * differ from what the router's loaders ask for on a first screen: a call the early entry starts that
 * the app then makes differently is made twice on every first load, and one it no longer starts loses
 * its head start, and neither shows anywhere but in a slower first screen. The check runs the real
 * router and manifest in Vite's module runner (build/first-screen-calls-probe.ts).
 */
export function firstScreenCalls(webRoot: string): Plugin {
  return {
    name: 'caudal-first-screen-calls',
    apply: 'build',
    async buildStart() {
      const { module } = await runnerImport<typeof Probe>(
        join(webRoot, 'build/first-screen-calls-probe.ts'),
        {
          root: webRoot,
          logLevel: 'error',
        },
      );
      const differences = await module.findEarlyCallDifferences();
      if (differences.length > 0) {
        this.error(
          `The early entry's calls differ from the first screens' route loaders (update src/first-screens.ts ` +
            `or the loaders in src/app/router.tsx):\n${differences.join('\n')}`,
        );
      }
    },
  };
}
