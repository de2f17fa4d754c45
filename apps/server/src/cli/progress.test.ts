import { PassThrough, Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { createProgress } from './progress.ts';

const ioWith = (isTTY: boolean) => {
  let written = '';
  const stdout = Object.assign(new PassThrough(), { isTTY, columns: 80 });
  stdout.setEncoding('utf8').on('data', (chunk: string) => {
    written += chunk;
  });
  return {
    io: { stdout, stderr: new PassThrough(), stdin: Readable.from([]), env: {} },
    written: () => written,
  };
};

describe('the progress line of publish', () => {
  test('redraws one line on a terminal, and leaves only the lines about files', async () => {
    const { io, written } = ioWith(true);
    const progress = createProgress(io, 2000);
    progress.advance('a.pdf', 1000);
    progress.log('sent     a.pdf (1000 bytes)');
    await new Promise((resolve) => setTimeout(resolve, 120));
    progress.advance('b.pdf', 1000);
    progress.end();
    expect(written()).toContain('\r[############------------]  50%  1 KB of 2 KB  a.pdf');
    expect(written()).toContain('100%');
    expect(written()).toContain('\r\u001b[Ksent     a.pdf (1000 bytes)\n');
    expect(written().endsWith('\r\u001b[K')).toBe(true);
  });

  test('writes plain lines only when the output is not a terminal', () => {
    const { io, written } = ioWith(false);
    const progress = createProgress(io, 10);
    progress.advance('a.pdf', 10);
    progress.log('sent     a.pdf (10 bytes)');
    progress.end();
    expect(written()).toBe('sent     a.pdf (10 bytes)\n');
  });
});
