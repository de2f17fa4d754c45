import path from 'node:path';
import { serverNodeArgs, startChild } from './processes.ts';
import { BENCH_DIR } from './settings.ts';

export interface Baseline {
  url: string;
  pid: number;
  /** Where `POST /upload/{name}` writes. */
  uploadDir: string;
  /** Sets the files `GET /concat` streams, in order. */
  setConcatFiles(paths: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** The plain Node baseline server (see baseline-child.ts) in a child process. */
export async function startBaseline(dir: string, uploadDir = dir): Promise<Baseline> {
  const { child, ready } = await startChild(path.join(BENCH_DIR, 'lib', 'baseline-child.ts'), {
    env: { BASELINE_DIR: uploadDir },
    logFile: path.join(dir, 'baseline.log'),
    execArgv: serverNodeArgs(),
  });
  return {
    url: ready.url as string,
    pid: child.pid,
    uploadDir,
    async setConcatFiles(paths) {
      await child.request({ type: 'files', paths });
    },
    stop: () => child.stop(),
  };
}
