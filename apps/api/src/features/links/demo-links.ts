import type { Db } from '../../db/database';
import { insertLink } from './links.repository';

/** Every demo company with the links module gets two Links: one active, one paused. */
export async function seedDemoLinks(db: Db, now: Date): Promise<void> {
  const companies = await db
    .selectFrom('companies')
    .select('id')
    .where((eb) => eb(eb.val('links'), '=', eb.fn.any('modules')))
    .execute();
  for (const company of companies) {
    await insertLink(db, {
      companyId: company.id,
      createdBy: null,
      fields: {
        name: 'Alta de clientes web',
        redirectUri: null,
        termsUrl: 'https://caudal.test/terminos',
        privacyUrl: 'https://caudal.test/privacidad',
      },
      now,
    });
    const paused = await insertLink(db, {
      companyId: company.id,
      createdBy: null,
      fields: { name: 'Campaña de primavera', redirectUri: null, termsUrl: null, privacyUrl: null },
      now,
    });
    await db
      .updateTable('links')
      .set({ active: false })
      .where('company_id', '=', company.id)
      .where('token', '=', paused)
      .execute();
  }
}
