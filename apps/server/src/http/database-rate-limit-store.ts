import type { Database } from '../db/database.ts';
import type { JobDefinition } from '../db/periodic-jobs.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit that keeps its counters in the database (`rate_limit_hits`, migration 0006)
 * rather than in each process's memory, so servers behind a load balancer share one count per client and route:
 * adding replicas does not multiply the sign-in attempts allowed. A fixed window per key, as the plugin's own
 * stores count; one statement per hit, which increments or starts a new window atomically.
 */
export function databaseRateLimitStore(db: Database) {
  /** Milliseconds left in a row's window, never below 0. */
  const TTL_MS = `greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::int AS ttl`;
  /** The plugin's callbacks, answered from a query for `hits` and `ttl` (no row: nothing counted yet). */
  const answer = (query: Promise<{ rows: { hits: number; ttl: number }[] }>, callback: Callback) =>
    query.then(
      ({ rows }) =>
        callback(null, rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 }),
      (error: unknown) => callback(error as Error),
    );

  return class DatabaseRateLimitStore {
    readonly #route: string;

    constructor(options: RouteOptions = {}) {
      const info = options.routeInfo;
      this.#route = info ? `${[info.method ?? ''].flat().join(',')} ${info.url ?? ''}` : 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      answer(
        db.query(
          `INSERT INTO rate_limit_hits AS r (key, window_ends_at, hits)
           VALUES ($1, now() + $2::int * interval '1 millisecond', 1)
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE r.hits + 1 END,
             window_ends_at = CASE WHEN r.window_ends_at <= now() THEN EXCLUDED.window_ends_at
                                   ELSE r.window_ends_at END
           RETURNING hits, ${TTL_MS}`,
          [this.#keyOf(key), Math.ceil(timeWindow)],
        ),
        callback,
      );
    }

    read(key: string, callback: Callback) {
      answer(
        db.query(`SELECT hits, ${TTL_MS} FROM rate_limit_hits WHERE key = $1 AND window_ends_at > now()`, [
          this.#keyOf(key),
        ]),
        callback,
      );
    }

    child(routeOptions: RouteOptions) {
      return new DatabaseRateLimitStore(routeOptions);
    }

    #keyOf(key: string) {
      return `${this.#route}|${key}`;
    }
  };
}

/** Removes counters whose window ended an hour ago, every ten minutes across all processes (db/periodic-jobs.ts). */
export const rateLimitSweepJob: JobDefinition = {
  name: 'rate-limit-counters',
  intervalMs: 10 * 60_000,
  failure: 'expired rate-limit counters could not be removed',
  async run({ db }) {
    await db.query(`DELETE FROM rate_limit_hits WHERE window_ends_at < now() - interval '1 hour'`);
  },
};
