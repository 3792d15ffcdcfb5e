// A TCP relay between the API instances and PostgreSQL, so the suite can "restart the database" for its
// own instances only: `down()` resets every relayed connection and refuses new ones (what clients see
// while a server restarts), `up()` accepts again. Other databases on the shared server are untouched.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(port: number, target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        server = created;
        resolve();
      });
    });

  const down = async () => {
    const closing = server;
    server = null;
    // close() waits for open connections, so reset them first.
    const closed = closing ? new Promise<void>((resolve) => closing.close(() => resolve())) : null;
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
    await closed;
  };

  await listen();
  return { port, down, up: listen, close: down };
}
