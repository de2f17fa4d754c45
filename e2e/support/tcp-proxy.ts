import { connect, createServer, type Socket } from 'node:net';
import { freePort } from '../../apps/server/src/testing/test-server.ts';

/**
 * A TCP proxy in front of the server, for specs that cut the network: `block()` breaks every connection through
 * it and refuses new ones (what a dropped link looks like to both ends: the browser's requests fail, the server's
 * request bodies end early), `restore()` lets connections through again. Browser emulation of "offline" does not
 * do this: it lets requests already on their way finish.
 */
export interface TcpProxy {
  port: number;
  block(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const port = await freePort();
  const open = new Set<Socket>();
  let blocked = false;
  const proxy = createServer((client) => {
    if (blocked) return void client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return {
    port,
    block() {
      blocked = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      blocked = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
