import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CompiledShapes } from './compiled-shapes';
import type { Db } from './database';
import type { Database } from './schema';

const db: Db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

interface Input {
  companyId: string;
  name: string | null;
}

const build = (kysely: Db, { companyId, name }: Input) =>
  kysely
    .selectFrom('clients')
    .select('id')
    .where('company_id', '=', companyId)
    .$if(name !== null, (qb) => qb.where('name', '=', name ?? ''));

describe('CompiledShapes', () => {
  it('compiles each shape once and runs it with each call’s values', () => {
    const shapes = new CompiledShapes<Input>({
      shapeOf: ({ name }) => String(name !== null),
      build,
      parametersOf: ({ companyId, name }) => [companyId, ...(name !== null ? [name] : [])],
    });
    const first = shapes.compile(db, { companyId: 'a', name: 'Ana' });
    const second = shapes.compile(db, { companyId: 'b', name: 'Bea' });
    expect(second.sql).toBe(first.sql);
    expect(second.parameters).toEqual(['b', 'Bea']);
    const fresh = build(db, { companyId: 'b', name: 'Bea' }).compile();
    expect([second.sql, second.parameters]).toEqual([fresh.sql, fresh.parameters]);
    const other = shapes.compile(db, { companyId: 'c', name: null });
    expect(other.sql).not.toBe(first.sql);
    const freshOther = build(db, { companyId: 'c', name: null }).compile();
    expect([other.sql, other.parameters]).toEqual([freshOther.sql, freshOther.parameters]);
  });

  it('refuses a parameter list that is not in the order Kysely compiled', () => {
    const shapes = new CompiledShapes<Input>({
      shapeOf: ({ name }) => String(name !== null),
      build,
      parametersOf: ({ companyId, name }) => [...(name !== null ? [name] : []), companyId],
    });
    expect(() => shapes.compile(db, { companyId: 'a', name: 'Ana' })).toThrow(/not in the order compiled/);
  });
});
