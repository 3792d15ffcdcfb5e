#!/usr/bin/env node
// `npm run caudal -- <command>`: the operator's command line (apps/api/src/operator). Builds the API
// when missing or stale (progress on stderr, so `--json` output stays clean), then runs its compiled
// command line in this process. `npm run -s caudal -- … --json` also drops npm's own header lines.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_DIR, buildIfStale } from './build.mjs';

await buildIfStale(['api'], { log: (line) => process.stderr.write(`${line}\n`) });
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(join(API_DIR, 'caudal.js')).href);
