// A second process for the data-dir lock tests: takes the lock on argv[2], says so, and waits to be
// killed (kill -9 leaves the lock file behind) or told to exit (a normal exit removes it).
import { lockDataDir } from '../db/data-dir-lock';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-data-dir-lock <dir>');
try {
  lockDataDir(dataDir);
  process.stdout.write('locked\n');
} catch (error) {
  process.stdout.write(`refused: ${(error as Error).message}\n`);
  process.exit(3);
}
process.stdin.on('data', () => process.exit(0));
setInterval(() => {}, 60_000);
