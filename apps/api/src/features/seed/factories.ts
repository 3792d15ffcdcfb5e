import { randomBytes } from 'node:crypto';
import { MODULES, type Module } from '@caudal/contract';
import type { Db } from '../../db/database';
import type { Company, User } from '../../db/schema';
import { hashPassword, type PasswordHashing } from '../../shared/auth/passwords';

/** Cheap argon2id settings for tests and fixtures (production uses the configured cost). */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 1024, timeCost: 1 };
export const DEFAULT_TEST_PASSWORD = 'CaudalTest1!';

export async function createCompany(
  db: Db,
  overrides: { name?: string; modules?: readonly Module[]; language?: 'es' | 'en' } = {},
): Promise<Company> {
  return db
    .insertInto('companies')
    .values({
      name: overrides.name ?? `Company ${randomBytes(4).toString('hex')}`,
      modules: [...(overrides.modules ?? MODULES)],
      ...(overrides.language ? { language: overrides.language } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface CreatedUser {
  user: User;
  password: string;
}

export async function createUser(
  db: Db,
  overrides: {
    companyId: string;
    username?: string;
    email?: string | null;
    name?: string | null;
    password?: string;
    kind?: 'staff' | 'portal';
    /** Staff only: an admin with every module unless told (the company's modules still bound them). */
    role?: 'admin' | 'member';
    permissions?: readonly Module[];
    disabledAt?: Date | null;
    hashing?: PasswordHashing;
  },
): Promise<CreatedUser> {
  const username = overrides.username ?? `user-${randomBytes(4).toString('hex')}`;
  const password = overrides.password ?? DEFAULT_TEST_PASSWORD;
  const user = await db
    .insertInto('users')
    .values({
      company_id: overrides.companyId,
      username,
      email: overrides.email === undefined ? `${username}@caudal.test` : overrides.email,
      name: overrides.name === undefined ? username : overrides.name,
      password_hash: await hashPassword(password, overrides.hashing ?? TEST_PASSWORD_HASHING),
      kind: overrides.kind ?? 'staff',
      role: (overrides.kind ?? 'staff') === 'staff' ? (overrides.role ?? 'admin') : null,
      permissions: (overrides.kind ?? 'staff') === 'staff' ? [...(overrides.permissions ?? MODULES)] : [],
      disabled_at: overrides.disabledAt ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { user, password };
}
