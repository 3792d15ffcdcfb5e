// Drops a database created by create-database.mjs (used by .ci/run on exit).
import pg from 'pg';

const target = new URL(process.argv[2]);
const name = target.pathname.slice(1);
if (!/^caudal_ci_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
const admin = new URL(target);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`drop database if exists ${name} with (force)`);
await client.end();
