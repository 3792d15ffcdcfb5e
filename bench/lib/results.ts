// Each benchmark writes what it printed as JSON under bench/results/ (git-ignored), so report.ts can
// assemble bench/REPORT.md from the latest run of each without parsing console output.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

export interface ResultFile<T> {
  name: string;
  finishedAt: string;
  machine: { cores: number; ramGb: number; node: string; loadAverage: number[] };
  data: T;
}

/** Writes bench/results/<name>.json, replacing the previous run's. */
export function writeResult<T>(name: string, data: T): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file: ResultFile<T> = {
    name,
    finishedAt: new Date().toISOString(),
    machine: {
      cores: cpus().length,
      ramGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
    },
    data,
  };
  const path = `${RESULTS_DIR}${name}.json`;
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
  return path;
}
