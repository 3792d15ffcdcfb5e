// Claim: on a tenant with 20,000 credentials, get-summary (counts by state, per institution, and the
// newest credentials) costs the API no more than 2× what its SQL costs on its own (p50): the figures are
// one aggregate over an index-only scan (credentials_summary_idx, migration 0010) and the newest rows come
// from credentials_company_created_idx, never from loading every credential. Needs the large tenant
// (npm run large-tenant -w @caudal/bench).
//
//   npm run bench:summary -w @caudal/bench
import { summary } from '@caudal/contract';
import { findSummary } from '../apps/api/src/features/summary/summary.repository';
import { runBench } from './lib/scenario';

await runBench('summary', summary.getSummary.path, async (context) => [
  {
    name: 'get-summary, 20,000 credentials',
    path: summary.getSummary.path,
    body: {},
    // The handler's own repository function; its `now` only moves the state bounds, not the plan.
    queries: (db) => findSummary(db, context.actor, new Date()),
  },
]);
