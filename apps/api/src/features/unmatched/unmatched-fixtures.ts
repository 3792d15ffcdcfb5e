import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { createCredentials, createProduct, type ProductOverrides } from '../seed/wealth-factories';

/**
 * A product found through fresh credentials at its entity, held by `holders` (name and relation, the
 * first a titular by default): what a connection leaves pending. The seed has no holder factory.
 */
export async function createHeldProduct(
  db: Db,
  overrides: ProductOverrides & { holders?: readonly (string | { name: string; relation: string })[] },
) {
  const { holders = [], ...productOverrides } = overrides;
  const credentials = await createCredentials(db, {
    companyId: overrides.companyId,
    entityId: overrides.entityId ?? 'santander',
  });
  const product = await createProduct(db, { ...productOverrides, credentialsId: credentials.id });
  for (const [index, holder] of holders.entries()) {
    const { name, relation } =
      typeof holder === 'string' ? { name: holder, relation: index === 0 ? 'titular' : 'cotitular' } : holder;
    const row = await db
      .insertInto('holders')
      .values({
        company_id: overrides.companyId,
        credentials_id: credentials.id,
        external_id: `hld-${randomBytes(4).toString('hex')}`,
        name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('product_holders')
      .values({ product_id: product.id, holder_id: row.id, relation })
      .execute();
  }
  return { product, credentials };
}
