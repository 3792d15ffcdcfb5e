import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { chunks } from '../../db/batches';
import type { Db } from '../../db/database';
import type { ClientsTable, CredentialsTable } from '../../db/schema';
import {
  createRandom,
  generateSnapshot,
  institutionProfile,
  INSTITUTIONS as SANDBOX_INSTITUTIONS,
} from '../../engine/sandbox';
import { type SnapshotWrite, writeSnapshots } from '../../engine/snapshot-writer';
import { INSTITUTIONS } from './institutions';
import { assignPortalClients, createCredentialsToken } from './wealth-factories';

/** The demo company's clients: common Spanish names; most aliases are "surname-surname-name", some codes. */
const DEMO_CLIENT_NAMES = [
  'María García López',
  'José Martínez Sánchez',
  'Carmen Fernández Ruiz',
  'Antonio López Navarro',
  'Lucía Rodríguez Gil',
  'Manuel González Romero',
  'Laura Sánchez Ortega',
  'Francisco Pérez Molina',
  'Ana Gómez Castro',
  'David Martín Delgado',
  'Isabel Jiménez Serrano',
  'Javier Ruiz Blanco',
  'Marta Hernández Suárez',
  'Carlos Díaz Morales',
  'Cristina Moreno Iglesias',
  'Alejandro Muñoz Rubio',
  'Elena Álvarez Marín',
  'Miguel Romero Sanz',
  'Pilar Alonso Ortiz',
  'Rafael Gutiérrez Torres',
  'Raquel Navarro Domínguez',
  'Pablo Torres Vázquez',
  'Paula Domínguez Ramos',
  'Sergio Vázquez Ramírez',
  'Sara Ramos Gil',
  'Fernando Gil Echeverría',
  'Beatriz Ramírez Puig',
  'Jorge Serrano Ferrer',
  'Rocío Blanco Castells',
  'Alberto Molina Goikoetxea',
  'Nuria Morales García',
  'Luis Suárez Fernández',
  'Silvia Ortega López',
  'Álvaro Delgado Martínez',
  'Patricia Castro Sánchez',
  'Diego Ortiz Pérez',
  'Inés Rubio González',
  'Juan Marín Rodríguez',
  'Begoña Sanz Gómez',
  'Daniel Iglesias Hernández',
] as const;

/** Every fourth client goes by a client code, as some firms file them. */
function demoAlias(name: string, index: number): string {
  if (index % 4 === 3) return `CL-${String(1001 + index)}`;
  const [first = '', ...surnames] = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(' ');
  return [...surnames, first].join('-');
}

/** Entities the sandbox can generate and the catalogue lists (no placeholders). */
const DEMO_ENTITY_IDS = INSTITUTIONS.map((institution) => institution.id).filter((id) =>
  SANDBOX_INSTITUTIONS.has(id),
);

/** Pending credentials: some belong to an existing client (a future "suggested client"), some to nobody. */
const PENDING_LOGINS = [
  { login: 'demo-client-04', entityId: 'openbank' },
  { login: 'demo-client-11', entityId: 'myinvestor' },
  { login: 'demo-client-27', entityId: 'evo' },
  { login: 'demo-pending-1', entityId: 'bankinter' },
  { login: 'demo-pending-2', entityId: 'renta4' },
  { login: 'demo-pending-3', entityId: 'ing' },
  { login: 'demo-client-19', entityId: 'selfbank' },
  { login: 'demo-pending-4', entityId: 'caixabank' },
] as const;
const HIDDEN_PENDING_PRODUCTS = 4;
const PORTAL_CLIENT_COUNT = 3;

export interface DemoBookSummary {
  clients: number;
  credentials: number;
  products: number;
  transactions: number;
}

/**
 * The Demo Wealth book: 40 clients, each with credentials at 1–3 institutions and that login's sandbox
 * snapshot (two years of statements), plus a few unassigned credentials whose products are pending.
 * Run inside the seed's transaction, with its trx.
 */
export async function seedDemoBook(
  trx: Db,
  owner: { companyId: string; portalUserId: string; now: Date },
): Promise<DemoBookSummary> {
  const { companyId, now } = owner;
  const clients: Insertable<ClientsTable>[] = [];
  const credentials: Insertable<CredentialsTable>[] = [];
  const writes: SnapshotWrite[] = [];
  const clientNameByLogin = new Map<string, string>();

  const addCredentials = (login: string, entityId: string, clientId: string | null, holderName?: string) => {
    const credentialsId = randomUUID();
    // A recent, successful refresh: minutes to a few hours ago.
    const refreshed = new Date(now.getTime() - createRandom(`${login}|${entityId}`).int(5, 600) * 60_000);
    credentials.push({
      id: credentialsId,
      company_id: companyId,
      token: createCredentialsToken(),
      entity_id: entityId,
      client_id: clientId,
      login,
      status: 'ok',
      last_update: refreshed,
      last_success_at: refreshed,
      update_time_ms: createRandom(`${login}|${entityId}|time`).int(1_500, 9_000),
      created_at: now,
      updated_at: now,
      // Consents given at different times: a few end within the next two weeks, none has ended.
      consent_expires_at: new Date(
        now.getTime() +
          createRandom(`${login}|${entityId}|consent`).int(3, institutionProfile(entityId).consentDays) *
            86_400_000,
      ),
    });
    const snapshot = generateSnapshot({
      entityId,
      login,
      asOf: now,
      years: 2,
      ...(holderName ? { holderName } : {}),
    });
    writes.push({ target: { companyId, credentialsId, clientId, now, backfillValuations: true }, snapshot });
  };

  DEMO_CLIENT_NAMES.forEach((name, index) => {
    const id = randomUUID();
    const login = `demo-client-${String(index + 1).padStart(2, '0')}`;
    clientNameByLogin.set(login, name);
    const random = createRandom(`caudal-demo|${login}`);
    const entityIds: string[] = [];
    const entityCount = random.int(1, 3);
    while (entityIds.length < entityCount) {
      const entityId = random.pick(DEMO_ENTITY_IDS);
      if (!entityIds.includes(entityId)) entityIds.push(entityId);
    }
    // Clients joined over the last months, so "newest first" means something.
    const createdAt = new Date(now.getTime() - (DEMO_CLIENT_NAMES.length - index) * 3 * 86_400_000);
    clients.push({
      id,
      company_id: companyId,
      name,
      alias: demoAlias(name, index),
      entity_ids: entityIds,
      created_at: createdAt,
      updated_at: createdAt,
    });
    for (const entityId of entityIds) addCredentials(login, entityId, id, name);
  });

  // The pending credentials come last: their products are the book's last ones.
  const pendingFrom = writes.length;
  for (const { login, entityId } of PENDING_LOGINS) {
    addCredentials(login, entityId, null, clientNameByLogin.get(login));
  }

  for (const batch of chunks(clients)) await trx.insertInto('clients').values(batch).execute();
  for (const batch of chunks(credentials)) await trx.insertInto('credentials').values(batch).execute();
  const book = await writeSnapshots(trx, writes);
  const hidden = book.productIds.slice(pendingFrom).flat().slice(-HIDDEN_PENDING_PRODUCTS);
  if (hidden.length > 0) {
    await trx.updateTable('products').set({ hidden_at: now }).where('id', 'in', hidden).execute();
  }
  const portalClientIds = clients.slice(0, PORTAL_CLIENT_COUNT).flatMap((client) => client.id ?? []);
  await assignPortalClients(trx, { userId: owner.portalUserId, companyId, clientIds: portalClientIds });
  return {
    clients: clients.length,
    credentials: credentials.length,
    products: book.products,
    transactions: book.newTransactions,
  };
}
