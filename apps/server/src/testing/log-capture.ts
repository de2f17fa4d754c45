import { Writable } from 'node:stream';

/**
 * Everything a server logs, as text: pass `{ level: 'trace', stream: logs.stream }` as the test server's logger,
 * then search `logs.text()` (e.g. to prove that no secret ever reaches a log line).
 */
export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}
