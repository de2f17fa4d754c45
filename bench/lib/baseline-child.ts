import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The baselines: what plain Node does with the same bytes and nothing else (no auth, no database, no
 * multipart, no zip). In a process of its own, like the server it is compared with.
 *   POST /upload/{name}   pipeline(req, createWriteStream(BASELINE_DIR/name)); `?fsync=1` fsyncs it after
 *   GET  /file?path=…     createReadStream(path).pipe(res)
 *   GET  /concat          the files named by the last `{ type: 'files' }` message, one after the other, raw
 */
const dir = process.env.BASELINE_DIR ?? process.cwd();
let concatList: string[] = [];

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  try {
    if (req.method === 'POST' && url.pathname.startsWith('/upload/')) {
      const file = path.join(dir, path.basename(url.pathname));
      await pipeline(req, createWriteStream(file));
      // ?fsync=1: the same, then flushed to disk as a store that must not lose an acknowledged file does.
      if (url.searchParams.get('fsync') === '1') {
        const handle = await open(file, 'r+');
        await handle.sync();
        await handle.close();
      }
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    } else if (req.method === 'GET' && url.pathname === '/file') {
      const file = url.searchParams.get('path') ?? '';
      const { size } = await stat(file);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
      createReadStream(file).pipe(res);
    } else if (req.method === 'GET' && url.pathname === '/concat') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (const file of concatList) await pipeline(createReadStream(file), res, { end: false });
      res.end();
    } else {
      res.writeHead(404).end();
    }
  } catch (error) {
    if (!res.headersSent) res.writeHead(500).end(String(error));
    else res.destroy();
  }
});

process.on('message', (message: { type: string; id?: number; paths?: string[] }) => {
  if (message.type === 'files') {
    concatList = message.paths ?? [];
    process.send?.({ type: 'result', id: message.id });
  } else if (message.type === 'stop') {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  }
});
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}` });
});
