// Claim (issue 32): on the large tenant (20,000 credentials), the connections list costs the API at most
// 1.5× (p50) what its statements cost from a minimal process: one bank's credentials (what the
// connections page asks for when a bank is chosen, and the suite's `connections` call), and the
// "expiring consent" to-do list. Needs the large tenant (npm run large-tenant -w @caudal/bench).
//
//   npm run bench:connections -w @caudal/bench
import { connections } from '@caudal/contract';
import { sql } from 'kysely';
import { listCredentialInformation } from '../apps/api/src/features/connections/connections.repository';
import { runBench } from './lib/scenario';

await runBench('connections', connections.getCredentialsInformation.path, async (context) => {
  // The bank with the most credentials: the heaviest page a staff member opens.
  const busiest = await sql<{ entity_id: string; count: string }>`
    select entity_id, count(*) as count from credentials where company_id = ${context.companyId}
    group by entity_id order by count(*) desc, entity_id limit 1`.execute(context.db);
  const bank = busiest.rows[0]?.entity_id;
  if (!bank) throw new Error('The bench tenant has no credentials: run npm run large-tenant first.');
  console.log(`\nBusiest bank: ${bank} (${busiest.rows[0]?.count} credentials).`);
  const expiring = await listCredentialInformation(
    context.db,
    context.actor,
    new Date(),
    undefined,
    'expiring',
  );
  console.log(`Expiring consents: ${expiring.length}.`);
  return [
    {
      name: `connections, one bank (${busiest.rows[0]?.count} credentials)`,
      path: connections.getCredentialsInformation.path,
      body: { bank },
      queries: (db) => listCredentialInformation(db, context.actor, new Date(), bank),
    },
    {
      name: `connections, expiring consents (${expiring.length})`,
      path: connections.getCredentialsInformation.path,
      body: { consent: 'expiring' },
      queries: (db) => listCredentialInformation(db, context.actor, new Date(), undefined, 'expiring'),
    },
  ];
});
