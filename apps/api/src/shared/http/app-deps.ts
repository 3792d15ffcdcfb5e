import type { AuthDeps } from '../auth/authenticate';
import type { JobQueue } from '../jobs/jobs';

/** Everything a handler may use, decorated once on the Fastify instance. */
export interface AppDeps extends AuthDeps {
  jobs: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Paths of registered calls: a known path with the wrong method answers 405, not 404. */
    callPaths: Set<string>;
    /** The methods each of those paths answers: a 405 names them in its `Allow` header (RFC 9110). */
    callMethods: Map<string, Set<string>>;
  }
}
