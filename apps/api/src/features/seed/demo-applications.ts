import type { Db } from '../../db/database';
import { createApplication } from '../applications';

export interface DemoApplication {
  company: string;
  name: string;
  clientId: string;
  clientSecret: string;
}

export const DEMO_APPLICATION_NAME = 'Demo ERP';

/**
 * One application for each demo company with the applications module. Its secret exists only in the
 * answer: the caller prints it once, beside the demo sign-ins, and it is never logged.
 */
export async function seedDemoApplications(db: Db, now: Date): Promise<DemoApplication[]> {
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where((eb) => eb(eb.val('applications'), '=', eb.fn.any('modules')))
    .orderBy('name')
    .execute();
  const seeded: DemoApplication[] = [];
  for (const company of companies) {
    // One per company, at first seeding: the cap (a setting of the running API) does not apply.
    const created = await createApplication(
      db,
      company.id,
      DEMO_APPLICATION_NAME,
      now,
      Number.POSITIVE_INFINITY,
    );
    seeded.push({
      company: company.name,
      name: created.name,
      clientId: created.client_id,
      clientSecret: created.client_secret,
    });
  }
  return seeded;
}
