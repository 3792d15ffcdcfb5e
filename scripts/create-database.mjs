// Creates a fresh, uniquely named PostgreSQL database and prints its URL (used by .ci/run).
// Usage: node scripts/create-database.mjs postgres://postgres@127.0.0.1:5432/postgres
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `caudal_ci_${randomBytes(6).toString('hex')}`;
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
await client.query(`create database ${name}`);
await client.end();
const url = new URL(adminUrl);
url.pathname = `/${name}`;
console.log(url.toString());
