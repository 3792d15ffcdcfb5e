// Claim (issue 32): on the large tenant (20,000 credentials), the connections list costs the API at most
// 1.5× (p50) what its statements cost from a minimal process. The connections detail of the busiest bank
// asks for one page (decision 0052): its first page, a deep page, a searched page and a page sorted by last
// update; each side runs exactly what one paged answer needs (session check, page query and count). The
// "expiring consent" to-do list is measured too, and the counts the connections page itself shows
// (get-credential-counts, decision 0057: every bank's figures in one statement). Needs the large tenant
// (npm run large-tenant -w @caudal/bench).
//
//   npm run bench:connections -w @caudal/bench
import { CREDENTIAL_PAGE_SIZE, connections } from '@caudal/contract';
import { sql } from 'kysely';
import {
  type CredentialQuery,
  listCredentialInformation,
} from '../apps/api/src/features/connections/connections.repository';
import { countCredentials } from '../apps/api/src/features/connections/credential-counts.repository';
import { type BenchContext, runBench, type Scenario } from './lib/scenario';

/** A surname many holders carry (large-tenant.ts's list): the search a staff member would type. */
const COMMON_SURNAME = 'García';

await runBench('connections', connections.getCredentialsInformation.path, async (context) => {
  // The bank with the most credentials: the heaviest page a staff member opens.
  const busiest = await sql<{ entity_id: string; count: string }>`
    select entity_id, count(*) as count from credentials where company_id = ${context.companyId}
    group by entity_id order by count(*) desc, entity_id limit 1`.execute(context.db);
  const bank = busiest.rows[0]?.entity_id;
  if (!bank) throw new Error('The bench tenant has no credentials: run npm run large-tenant first.');
  const count = Number(busiest.rows[0]?.count);
  const everyCredential = await sql<{ count: string }>`
    select count(*) as count from credentials where company_id = ${context.companyId}`.execute(context.db);
  const companyTotal = Number(everyCredential.rows[0]?.count);
  const pageSize = CREDENTIAL_PAGE_SIZE.default;
  const deepPage = Math.max(1, Math.floor(count / pageSize));
  const searched = await listCredentialInformation(context.db, context.actor, new Date(), {
    bank,
    search: COMMON_SURNAME,
    page: 1,
    page_size: pageSize,
  });
  const expiring = await listCredentialInformation(context.db, context.actor, new Date(), {
    consent: 'expiring',
    page: 1,
    page_size: pageSize,
  });
  console.log(
    `\nBusiest bank: ${bank} (${count} credentials, deep page ${deepPage}); "${COMMON_SURNAME}" matches ${searched.total} there; expiring consents: ${expiring.total}.`,
  );
  const page = { bank, page: 1, page_size: pageSize } as const;
  return [
    scenario(context, `one bank (${count}), first page`, page),
    scenario(context, `one bank, deep page ${deepPage}`, { ...page, page: deepPage }),
    scenario(context, `one bank, searched "${COMMON_SURNAME}" (${searched.total})`, {
      ...page,
      search: COMMON_SURNAME,
    }),
    scenario(context, 'one bank, by last update, newest first', {
      ...page,
      sort: 'last_update',
      order: 'desc',
    }),
    scenario(context, `expiring consents (${expiring.total}), first page`, {
      consent: 'expiring',
      page: 1,
      page_size: pageSize,
    }),
    {
      name: `connections page counts (${companyTotal} credentials)`,
      path: connections.getCredentialCounts.path,
      body: {},
      queries: (db) => countCredentials(db, context.actor, new Date()),
    },
  ];
});

/** The call as the connections page sends it, and what its handler (get-credentials-information.ts) runs. */
function scenario(context: BenchContext, name: string, body: CredentialQuery): Scenario {
  return {
    name: `connections ${name}`,
    path: connections.getCredentialsInformation.path,
    body,
    queries: (db) => listCredentialInformation(db, context.actor, new Date(), body),
  };
}
