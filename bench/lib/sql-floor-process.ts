// The bare-SQL floor as its own minimal process: a node-postgres Pool and the statements a call runs,
// nothing of the API loaded (no Fastify, no Kysely, no zod). Reads { databaseUrl, groups } as JSON on
// stdin and prints the Measurement as JSON on stdout.
import { measureSql } from './sql-load';

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const { databaseUrl, groups } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const { openPool } = await import('./sql-load');
const pool = openPool(databaseUrl);
try {
  process.stdout.write(JSON.stringify(await measureSql(pool, groups)));
} finally {
  await pool.end();
}
