import net from 'node:net';

/**
 * A TCP relay in front of PostgreSQL that can "blackhole": connections stay open but nothing is
 * forwarded either way, which is what a network partition or a frozen server looks like to the API
 * (TCP keepalive is answered by the relay). New connections are accepted and blackholed as well.
 *
 * A connection that lost bytes to the blackhole stays blackholed for good once the relay forwards
 * again: its protocol stream is broken (a real network would retransmit; a relay that dropped the bytes
 * cannot), so it models a statement that is never answered. Connections that lost nothing resume.
 */
export interface TcpRelay {
  /** `databaseUrl` with its host and port replaced by the relay's. */
  urlFor(databaseUrl: string): string;
  blackhole(): void;
  forward(): void;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  let isBlackholed = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    let isBroken = false;
    const pipe = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => {
        if (isBlackholed || isBroken) {
          isBroken = true;
          return;
        }
        to.write(chunk);
      });
      from.on('close', () => to.destroy());
      from.on('error', () => to.destroy());
    };
    pipe(client, upstream);
    pipe(upstream, client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    blackhole() {
      isBlackholed = true;
    },
    forward() {
      isBlackholed = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
