import net from 'node:net';

export type TcpProxy = {
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /**
   * Stops forwarding bytes, both ways, on every connection (and on those opened while stalled)
   * without closing any: a half-open socket, a partition, a stuck backend, as the other end
   * sees it.
   */
  stall(): void;
  /** Forwards again, what was held back included. */
  resume(): void;
  close(): Promise<void>;
};

/**
 * A loopback TCP proxy to `host:port` (a test helper, node:net only): each connection it
 * accepts gets one of its own to the target, and bytes are copied as they come.
 */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  let stalled = false;
  const sockets = new Set<net.Socket>();
  const keep = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset seen from either side just ends the pair.
    socket.on('error', () => {});
    if (stalled) socket.pause();
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    keep(client);
    keep(upstream);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: listening } = server.address() as net.AddressInfo;
  return {
    urlFor(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(listening);
      return proxied.toString();
    },
    stall() {
      stalled = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      stalled = false;
      for (const socket of sockets) socket.resume();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
