#!/usr/bin/env node
// `npm start`: builds the portal and the API when missing or stale (scripts/build.mjs), then runs the
// compiled API in this process (no second Node start, no runtime transpiler). `--api` skips the portal
// (the API package's own `npm start`, the cluster launcher), and so does a WEB_ROOT of your own: the
// API then serves that build and apps/web/dist is left alone.
import { API_MAIN, buildIfStale } from './build.mjs';

const onlyApi = process.argv.includes('--api') || Boolean(process.env.WEB_ROOT);
await buildIfStale(onlyApi ? ['api'] : ['web', 'api']);
process.env.NODE_ENV ??= 'production';
await import(API_MAIN);
