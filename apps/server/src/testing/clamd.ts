import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pingClamd } from '../scanning/clamd-client.ts';
import { freePort } from './test-server.ts';

/** The EICAR test file: every scanner reports it, and it harms nothing. */
export const EICAR = Buffer.from(
  'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
  'latin1',
);

/** The signature line (`md5:size:name`, clamd's `.hdb` format) that finds EICAR. */
export const EICAR_SIGNATURE = '44d88612fea8a8f36de82e1278abb02f:68:Eicar-Test-Signature';

/** What clamd names a hit of `EICAR_SIGNATURE` (a signature of one's own database is "UNOFFICIAL"). */
export const EICAR_NAME = 'Eicar-Test-Signature.UNOFFICIAL';

export interface TestClamdOptions {
  /** `.hdb` lines (`md5:size:name`); default: EICAR's alone. */
  signatures?: string[];
  /** clamd's StreamMaxLength, e.g. `1M`; default 4000M. */
  streamMaxLength?: string;
}

export interface TestClamd {
  /** `tcp://127.0.0.1:port`, for CLAMD_URL. */
  url: string;
  port: number;
  /** Stops clamd (SIGTERM, as systemd would); the port and the database stay for `start`. */
  stop(): Promise<void>;
  /**
   * Starts it again on the same port, with `signatures` if given (a signature update); resolves once it answers.
   * Does nothing while it runs.
   */
  start(signatures?: string[]): Promise<void>;
  /**
   * Freezes clamd (SIGSTOP): connections are still accepted by the kernel, but nothing is read or answered, as a
   * hung scanner; `resume` (SIGCONT) lets it go on.
   */
  pause(): void;
  resume(): void;
  /** Stops clamd and removes its folder. */
  close(): Promise<void>;
}

/**
 * Debian's real clamd (`/usr/sbin/clamd`, package clamav-daemon) on a free port of 127.0.0.1, with a signature
 * database the test writes (no freshclam, no internet); resolves once it answers PING. Share one per test file:
 * it takes a few seconds to start.
 */
export async function startTestClamd(options: TestClamdOptions = {}): Promise<TestClamd> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portico-clamd-'));
  const databaseDir = path.join(dir, 'db');
  const port = await freePort();
  const configFile = path.join(dir, 'clamd.conf');
  await writeFile(
    configFile,
    [
      'Foreground yes',
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `DatabaseDirectory ${databaseDir}`,
      `TemporaryDirectory ${dir}`,
      `StreamMaxLength ${options.streamMaxLength ?? '4000M'}`,
      'MaxThreads 4',
      'SelfCheck 0',
      'ConcurrentDatabaseReload no',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  let stderr = '';
  const start = async (signatures = options.signatures ?? [EICAR_SIGNATURE]) => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    await rm(databaseDir, { recursive: true, force: true });
    await mkdir(databaseDir);
    await writeFile(path.join(databaseDir, 'test.hdb'), `${signatures.join('\n')}\n`);
    const started = spawn('/usr/sbin/clamd', ['--config-file', configFile], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = started;
    started.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`clamd exited: ${stderr}`);
      try {
        await pingClamd({ host: '127.0.0.1', port }, 1000);
        return;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`clamd did not answer within 60 s: ${stderr}`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `tcp://127.0.0.1:${port}`,
    port,
    stop,
    start,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async close() {
      child?.kill('SIGCONT');
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
