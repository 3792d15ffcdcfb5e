// The custom-CSS sanitiser's worker thread (css-sanitiser-pool.ts starts it; built, it is the bundle
// dist/custom-css-worker.js). Imports only the sanitiser and the pool's thread side.
import { serveWorkerJobs } from '../../shared/process/worker-pool-thread';
import { sanitiseCss } from './css-sanitiser';

serveWorkerJobs(sanitiseCss);
