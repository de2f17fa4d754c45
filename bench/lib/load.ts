import autocannon, { type Result } from 'autocannon';
import { readCpuMs } from './rss.ts';

/** A closed-loop load on one URL: what autocannon measured, and the server's CPU time per answered request. */
export interface Load {
  result: Result;
  cpuPerRequest: number;
}

/**
 * `connections` autocannon clients on `url` for `seconds`, after one second of warm-up, the server (`pid`) timed
 * on its CPU meanwhile. The latency- and throughput-bound benchmarks all load their endpoints this way.
 */
export async function underLoad(
  pid: number,
  target: { url: string; connections: number; headers?: Record<string, string> },
  seconds: number,
): Promise<Load> {
  await autocannon({ ...target, duration: 1 });
  const cpu0 = await readCpuMs(pid);
  const result = await autocannon({ ...target, duration: seconds });
  const cpuMs = (await readCpuMs(pid)) - cpu0;
  return { result, cpuPerRequest: cpuMs / Math.max(1, result['2xx'] + result.non2xx) };
}

/** Requests that did not get a 2xx answer. */
export function failedRequests(result: Result): number {
  return result.non2xx + result.errors;
}

/** One line of a report: the latency percentiles, the throughput and how many requests failed. */
export function describeLoad(result: Result): string {
  return (
    `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
    `${result.requests.average.toFixed(0)} req/s, ${result['2xx']} × 2xx, ${result.non2xx} non-2xx, ` +
    `${result.errors} errors (${result.timeouts} timeouts)`
  );
}

/**
 * The floor under an absolute latency target on this machine: the same server's `/healthz` (no authentication,
 * one `SELECT 1`) under the same load. No page of files answers faster than it; where its own p99 is above a
 * target, the target measures the machine (2 cores shared by the load generator, the server and the database),
 * not the page (decisions 63, 65 and 89).
 */
export async function healthFloor(
  portico: { url: string; pid: number },
  connections: number,
  seconds: number,
): Promise<Load> {
  return underLoad(portico.pid, { url: `${portico.url}/healthz`, connections }, seconds);
}

/** The sentence a report gives the floor, against the benchmark's absolute target. */
export function describeFloor(floor: Load, targetP99Ms: number, connections: number): string {
  const p99 = floor.result.latency.p99;
  const verdict =
    p99 > targetP99Ms
      ? `above the ${targetP99Ms} ms target: no request this server answers meets it on this machine at this load`
      : `within the ${targetP99Ms} ms target`;
  return (
    `- Floor: \`/healthz\` (no authentication, \`SELECT 1\`) on the same server, ${connections} connections, same ` +
    `duration: ${describeLoad(floor.result)}; server CPU ${floor.cpuPerRequest.toFixed(2)} ms per request; its p99 is ${verdict}.`
  );
}
