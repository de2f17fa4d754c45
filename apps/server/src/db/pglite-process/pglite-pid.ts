import { readFile } from 'node:fs/promises';

/**
 * Whether `pid` is a running PGlite process (`pglite-host.ts`), as named in `<folder>.pid`: a PGlite process
 * started on a folder waits for an earlier one, and the command line refuses to open a folder a server uses.
 */
export async function isPgliteProcess(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // Where /proc tells, the pid must still be a PGlite process (an ended one nobody reaped has no command line).
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  return command === undefined || command.includes('pglite-host');
}
