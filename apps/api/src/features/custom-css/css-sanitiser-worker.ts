// The custom-CSS sanitiser's worker thread (css-sanitiser-pool.ts starts it; built, it is the bundle
// dist/custom-css-worker.js). Imports only the sanitiser and the pool's thread side.
import { serveWorkerJobs } from '../../shared/process/worker-pool-thread';
import { sanitiseCss } from './css-sanitiser';

serveWorkerJobs(sanitiseCss);

// Warm: the parser's first run is many times slower than the next (the JIT has not seen css-tree yet).
// Done here, at the thread's lowered priority, before the first upload rather than during it.
sanitiseCss(
  '.a > .b:hover { color: #123456; margin: 0 auto; } @media (max-width: 40em) { .c { display: none } }',
);
