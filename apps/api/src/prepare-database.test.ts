import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { isFreshDataDir } from './prepare-database';

const root = mkdtempSync(join(tmpdir(), 'caudal-prepare-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('isFreshDataDir: only a data directory PGlite has not created is prepared in a child', () => {
  it('is fresh when the folder does not exist, or exists without a database in it', () => {
    expect(isFreshDataDir(loadConfig({ DATA_DIR: join(root, 'missing') }))).toBe(true);
    const empty = join(root, 'empty');
    mkdirSync(empty);
    expect(isFreshDataDir(loadConfig({ DATA_DIR: empty }))).toBe(true);
  });

  it('is not fresh once PGlite has created its files (a later start prepares in process)', () => {
    const created = join(root, 'created');
    mkdirSync(created);
    writeFileSync(join(created, 'PG_VERSION'), '17\n');
    expect(isFreshDataDir(loadConfig({ DATA_DIR: created }))).toBe(false);
  });

  it('never applies to PostgreSQL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none',
      DATA_DIR: join(root, 'missing'),
    });
    expect(isFreshDataDir(config)).toBe(false);
  });
});
