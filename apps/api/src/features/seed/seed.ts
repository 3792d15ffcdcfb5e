import type { Module } from '@caudal/contract';
import type { Db } from '../../db/database';
import type { PasswordHashing } from '../../shared/auth/passwords';
import { type Clock, systemClock } from '../../shared/clock';
import { forgetEntityCatalogue } from '../../shared/entity-catalogue';
import { seedConnectionStates } from '../connections';
import { seedDemoLinks } from '../links';
import { type DemoApplication, seedDemoApplications } from './demo-applications';
import { seedDemoBook } from './demo-book';
import { createCompany, createUser } from './factories';
import { INSTITUTIONS } from './institutions';

export const DEMO_PASSWORD = 'CaudalDemo1!';

export const DEMO_SIGN_INS = [
  { company: 'Demo Wealth', username: 'demo', password: DEMO_PASSWORD, note: 'staff, every module' },
  { company: 'Demo Wealth', username: 'portal', password: DEMO_PASSWORD, note: 'portal user' },
  { company: 'Demo Apps', username: 'apps', password: DEMO_PASSWORD, note: 'staff, applications and links' },
] as const;

const ALL_MODULES: Module[] = ['wealth', 'summary', 'applications', 'links', 'custom_css', 'portals'];

/** The institution catalogue is reference data: every database has it, demo or not. */
export async function seedInstitutions(db: Db): Promise<void> {
  await db
    .insertInto('entities')
    .values(INSTITUTIONS.map((institution) => ({ ...institution })))
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), kind: eb.ref('excluded.kind') })),
    )
    .execute();
  forgetEntityCatalogue(db);
}

/**
 * Seeds the demo world in one transaction; does nothing (returns false) if any company exists.
 * The wealth book is "read" from the sandbox at `clock()`, so its statements end today.
 */
export async function seedDemo(
  db: Db,
  hashing: PasswordHashing,
  clock: Clock = systemClock,
  /** Hears each demo application's secret, to print once the seed has committed. */
  onDemoApplication: (application: DemoApplication) => void = () => {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('companies').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    await seedInstitutions(trx);

    const wealth = await createCompany(trx, { name: 'Demo Wealth', modules: ALL_MODULES });
    await createUser(trx, {
      companyId: wealth.id,
      username: 'demo',
      name: 'Demo User',
      email: 'demo@caudal.test',
      password: DEMO_PASSWORD,
      hashing,
    });
    const portal = await createUser(trx, {
      companyId: wealth.id,
      username: 'portal',
      name: 'Portal User',
      email: 'portal@caudal.test',
      password: DEMO_PASSWORD,
      kind: 'portal',
      hashing,
    });
    await seedDemoBook(trx, { companyId: wealth.id, portalUserId: portal.user.id, now: clock() });
    // The demo shows every credential state: healthy, SCA stale, blocked, invalid access, down.
    await seedConnectionStates(trx, wealth.id, clock);

    const apps = await createCompany(trx, { name: 'Demo Apps', modules: ['applications', 'links'] });
    await createUser(trx, {
      companyId: apps.id,
      username: 'apps',
      name: 'Apps User',
      email: 'apps@caudal.test',
      password: DEMO_PASSWORD,
      // Admins hold every module of their company.
      permissions: apps.modules as Module[],
      hashing,
    });
    await seedDemoLinks(trx, clock());
    for (const application of await seedDemoApplications(trx, clock())) onDemoApplication(application);
    return true;
  });
}
