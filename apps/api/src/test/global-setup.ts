import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, ensurePGliteTemplate } from './database-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database of this run on DATABASE_URL's server; null on PGlite. */
    postgresTemplate: string | null;
    /** The migrated PGlite dump every test file loads; null on PostgreSQL. */
    pgliteTemplate: string | null;
  }
}

/** Runs once per `vitest run`, before any test file: migrates the template the files copy. */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    project.provide('postgresTemplate', null);
    project.provide('pgliteTemplate', await ensurePGliteTemplate());
    return;
  }
  const template = await createPostgresTemplate(serverUrl);
  project.provide('postgresTemplate', template.name);
  project.provide('pgliteTemplate', null);
  return () => template.drop();
}
