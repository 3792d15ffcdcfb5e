import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Logger } from '../shared/logger';
import {
  type OperatorDeps,
  type OperatorOutcome,
  type OperatorRequest,
  runOperatorCommand,
} from './operator-commands';

/**
 * The embedded database is one process's (decision 0005): while the server holds a data directory, the
 * command line asks the server to run its command, over a Unix socket inside that directory. A socket
 * file is no network listener, and mode 0600 leaves it to the directory's owner (decision 0029).
 */
export const SOCKET_NAME = 'caudal.sock';
/** One request is a line of JSON; anything longer is not ours. */
const MAX_REQUEST_BYTES = 64 * 1024;

export function operatorSocketPath(dataDir: string): string {
  return join(dataDir, SOCKET_NAME);
}

/**
 * Listens on the data directory's socket. The caller holds the data directory's lock, so a socket file
 * already there was left by a process that died: it is removed first.
 */
export async function startOperatorSocket(dataDir: string, deps: OperatorDeps, log: Logger): Promise<Server> {
  const path = operatorSocketPath(dataDir);
  if (existsSync(path)) unlinkSync(path);
  const server = createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) {
        socket.destroy();
        return;
      }
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      socket.pause();
      void answer(buffered.slice(0, end), deps, log).then((outcome) =>
        socket.end(`${JSON.stringify(outcome)}\n`),
      );
    });
  });
  // Created owner-only from the start (umask), then pinned to 0600 whatever the umask was.
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(previous);
  }
  chmodSync(path, 0o600);
  server.on('close', () => {
    try {
      unlinkSync(path);
    } catch {
      // Already gone.
    }
  });
  log.info({ socket: path }, 'operator socket listening');
  return server;
}

async function answer(line: string, deps: OperatorDeps, log: Logger): Promise<OperatorOutcome> {
  let request: OperatorRequest;
  try {
    request = JSON.parse(line) as OperatorRequest;
  } catch {
    return { ok: false, error: { code: 'ValidationError', message: 'The request is not JSON' } };
  }
  try {
    const outcome = await runOperatorCommand(deps, request);
    log.info({ command: request.command, ok: outcome.ok }, 'operator command');
    return outcome;
  } catch (error) {
    log.error({ err: error, command: request.command }, 'operator command failed');
    return { ok: false, error: { code: 'UnexpectedError', message: 'The server could not run the command' } };
  }
}

/** Null when no server answers on the data directory's socket (none runs, or one died and left it). */
export function sendOperatorCommand(
  dataDir: string,
  request: OperatorRequest,
): Promise<OperatorOutcome | null> {
  const path = operatorSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let isConnected = false;
    let received = '';
    const socket = connect(path, () => {
      isConnected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as OperatorOutcome);
      } catch {
        reject(new Error('The server closed the operator socket without an answer'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!isConnected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT')) resolve(null);
      else reject(error);
    });
  });
}
