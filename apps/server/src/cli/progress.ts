import { humanBytes as bytes } from '../uploads/uploads.errors.ts';
import type { CliIo } from './context.ts';

/**
 * One line that redraws itself on a terminal (`[#####-----]  48%  12.0 MB of 25.0 MB  name`); elsewhere (a pipe,
 * a log file) nothing until each file ends, then one plain line per file, so logs stay readable.
 */
export function createProgress(io: CliIo, totalBytes: number) {
  const tty = io.stdout.isTTY === true;
  let done = 0;
  let lastDraw = 0;
  const draw = (name: string, force = false) => {
    const now = Date.now();
    if (!tty || (!force && now - lastDraw < 100)) return;
    lastDraw = now;
    const ratio = totalBytes ? done / totalBytes : 1;
    const width = 24;
    const filled = Math.round(ratio * width);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
    const line = `${bar} ${String(Math.floor(ratio * 100)).padStart(3)}%  ${bytes(done)} of ${bytes(totalBytes)}  ${name}`;
    io.stdout.write(`\r${line.slice(0, (io.stdout.columns ?? 100) - 1)}\u001b[K`);
  };
  return {
    /** Counts bytes of the file being sent. */
    advance(name: string, n: number) {
      done += n;
      draw(name);
    },
    /** A line about one file, above the bar. */
    log(line: string) {
      if (tty) io.stdout.write('\r\u001b[K');
      io.stdout.write(`${line}\n`);
      draw('', true);
    },
    end() {
      if (tty) io.stdout.write('\r\u001b[K');
    },
  };
}
