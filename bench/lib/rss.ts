import { readdir, readFile, writeFile } from 'node:fs/promises';
import { startSweepTimer } from '../../apps/server/src/sweep-timer.ts';

/** VmRSS and VmHWM of a process, in KiB as /proc reports them ("kB"). */
export async function readMemory(pid: number): Promise<{ rssKiB: number; hwmKiB: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
  return { rssKiB: field('VmRSS'), hwmKiB: field('VmHWM') };
}

/**
 * Resets the process's peak RSS (VmHWM) to its current RSS (`5` to /proc/<pid>/clear_refs, Linux ≥ 4.0), so the
 * peak read afterwards belongs to the load alone, not to the start-up (migrations, seeding). False if refused.
 */
export async function resetPeak(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface RssSampler {
  /** Stops sampling: the largest VmRSS seen, VmHWM at the end, and the number of samples, all in bytes. */
  stop(): Promise<{ peakSampledBytes: number; hwmBytes: number; samples: number; startBytes: number }>;
}

/** Samples VmRSS every `intervalMs` until stopped (on the server's own never-overlapping timer). */
export async function sampleRss(pid: number, intervalMs = 50): Promise<RssSampler> {
  const start = await readMemory(pid);
  let peak = start.rssKiB;
  let samples = 1;
  const timer = startSweepTimer(
    () =>
      readMemory(pid).then(
        (m) => {
          peak = Math.max(peak, m.rssKiB);
          samples++;
        },
        () => {},
      ),
    { intervalMs },
  );
  return {
    async stop() {
      await timer.stop();
      const end = await readMemory(pid);
      peak = Math.max(peak, end.rssKiB);
      return {
        peakSampledBytes: peak * 1024,
        hwmBytes: end.hwmKiB * 1024,
        samples,
        startBytes: start.rssKiB * 1024,
      };
    },
  };
}

/** The processes a process started (the server's PGlite process), from /proc/<pid>/task/<pid>/children. */
export async function childPids(pid: number): Promise<number[]> {
  try {
    const list = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return list.split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU time (user + system) a process has used so far, in ms; /proc counts clock ticks of 1/100 s. */
export async function readCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time (user + system) of a process and all its descendants, in ms, by the kind each names with `--type=` in
 * its command line (Chromium's renderer, utility (the network service), gpu…; `main` for none): a browser and its
 * helper processes.
 */
export async function readTreeCpuMs(rootPid: number): Promise<Record<string, number>> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parents.set(Number(pid), Number(fields[1]));
    cpu.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * 10);
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parents.get(p) ?? 0, hops++)
      if (p === rootPid) return true;
    return false;
  };
  const byKind: Record<string, number> = {};
  for (const [pid, ms] of cpu) {
    if (!inTree(pid)) continue;
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    const kind = /--type=([\w-]+)/.exec(command)?.[1] ?? 'main';
    byKind[kind] = (byKind[kind] ?? 0) + ms;
  }
  return byKind;
}

/** The pid of a child of this process whose command name starts with `name` (e.g. the browser Playwright launched). */
export async function childPidNamed(name: string): Promise<number | undefined> {
  for (const pid of (await readdir('/proc')).filter((n) => /^\d+$/.test(n))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === process.pid && comm.startsWith(name)) return Number(pid);
  }
  return undefined;
}
