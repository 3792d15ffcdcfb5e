// Runs one of bench/lib's load scripts as a child process (tsx), hands it its settings as JSON on
// stdin, and answers the Measurement it prints: the measured side and its load never share an event loop.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export function runMeasurementProcess<M>(script: string, input: object, label: string): Promise<M> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, script)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as M) : reject(new Error(`${label}: process exited ${code}`)),
    );
    child.stdin.end(JSON.stringify(input));
  });
}
