import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind, useTestDatabase } from '../testing/test-database.ts';
import { databaseRateLimitStore } from './database-rate-limit-store.ts';

const db = useTestDatabase();

type Store = InstanceType<ReturnType<typeof databaseRateLimitStore>>;
const hit = (store: Store, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs),
  );
const peek = (store: Store, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.read(key, (error, result) => (error ? reject(error) : resolve(result!))),
  );

describe(`rate-limit counts in the database (${testDatabaseKind()})`, () => {
  const login = { routeInfo: { method: 'POST', url: '/idp/interaction/:uid/login' } };

  it('two servers on one database count one client together, per route, until the window ends', async () => {
    const Store = databaseRateLimitStore(db());
    const serverA = new Store().child(login);
    const serverB = new Store().child(login);
    const otherRoute = new Store().child({ routeInfo: { method: 'POST', url: '/elsewhere' } });

    expect(await hit(serverA, '203.0.113.9', 60_000)).toMatchObject({ current: 1 });
    expect(await hit(serverB, '203.0.113.9', 60_000)).toMatchObject({ current: 2 });
    const third = await hit(serverA, '203.0.113.9', 60_000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(55_000);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
    expect(await peek(serverB, '203.0.113.9')).toMatchObject({ current: 3 });
    // Another client, another route: counts of their own.
    expect(await hit(serverB, '203.0.113.10', 60_000)).toMatchObject({ current: 1 });
    expect(await hit(otherRoute, '203.0.113.9', 60_000)).toMatchObject({ current: 1 });
    expect(await peek(serverA, 'never seen')).toEqual({ current: 0, ttl: 0 });
  });

  it('starts a new window once the old one has ended', async () => {
    const store = new (databaseRateLimitStore(db()))().child(login);
    expect(await hit(store, '198.51.100.1', 300)).toMatchObject({ current: 1 });
    expect(await hit(store, '198.51.100.1', 300)).toMatchObject({ current: 2 });
    await sleep(400);
    expect(await peek(store, '198.51.100.1')).toEqual({ current: 0, ttl: 0 });
    expect(await hit(store, '198.51.100.1', 300)).toMatchObject({ current: 1 });
  });

  it('many hits at once are each counted', async () => {
    const store = new (databaseRateLimitStore(db()))().child(login);
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(store, '192.0.2.7', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});
