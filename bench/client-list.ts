// Claim: on a tenant with 10,000 clients, a page of the client list — searched or not, first or deep —
// costs the API no more than 3× what its SQL costs on its own (p50), and no plan sorts or scans the
// whole tenant. Needs the large tenant (npm run large-tenant -w @caudal/bench).
//
//   npm run bench:client-list -w @caudal/bench
import { wealth } from '@caudal/contract';
import { type ClientQuery, findClients } from '../apps/api/src/features/wealth/clients.repository';
import { findListedEntityIds } from '../apps/api/src/shared/entity-catalogue';
import { type BenchContext, runBench, type Scenario } from './lib/scenario';

/** A surname about one client in eight carries (large-tenant.ts lists it twice among the surnames). */
const COMMON_SURNAME = 'García';
const PAGE_SIZE = 25;
const DEEP_PAGE = 200;

await runBench('client-list', wealth.clientList.path, async (context) => {
  const searched = await findClients(
    context.db,
    context.actor,
    { search: COMMON_SURNAME, page: 1, page_size: PAGE_SIZE },
    await findListedEntityIds(context.db),
  );
  const deepSearchedPage = Math.max(1, Math.floor(searched.total / PAGE_SIZE));
  console.log(
    `\n"${COMMON_SURNAME}" matches ${searched.total} clients; its deep page is ${deepSearchedPage}.`,
  );
  return [
    scenario(context, 'first page, searched', {
      search: COMMON_SURNAME,
      sort: 'name',
      page: 1,
      page_size: PAGE_SIZE,
    }),
    scenario(context, 'deep page, unsearched', { sort: 'name', page: DEEP_PAGE, page_size: PAGE_SIZE }),
    scenario(context, 'deep page, searched', {
      search: COMMON_SURNAME,
      sort: 'name',
      page: deepSearchedPage,
      page_size: PAGE_SIZE,
    }),
  ];
});

/** The call as a client sends it, and what its handler (client-list.ts) runs for it. */
function scenario(context: BenchContext, name: string, body: ClientQuery): Scenario {
  return {
    name: `client-list ${name}`,
    path: wealth.clientList.path,
    body,
    queries: async (db) => findClients(db, context.actor, body, await findListedEntityIds(db)),
  };
}
