import { describe, expect, it } from 'vitest';
import type { Caller } from './caller.ts';
import { createCallerCache } from './caller-cache.ts';
import type { TenantPrincipal } from './principal.ts';

const principal = (tenantCode: string, subject = 'user-1'): TenantPrincipal => ({
  issuer: 'https://id.example.test',
  subject,
  tenants: [tenantCode],
  tenantCode,
  claims: {},
});
const callerIn = (tenantCode: string, isClient = true): Caller => ({
  tenantCode,
  user: { id: 'user-1', name: 'Rita', email: 'rita@example.net', isStaff: false, isClient },
});

describe('the caller cache', () => {
  it('keeps a resolved caller for its lifetime, then resolves again', async () => {
    let now = 0;
    const cache = createCallerCache({ ttlMs: 5_000, now: () => now });
    let resolved = 0;
    const resolve = async () => {
      resolved += 1;
      return callerIn('acme');
    };
    await cache.callerFor(principal('acme'), resolve);
    await cache.callerFor(principal('acme'), resolve);
    expect(resolved).toBe(1);
    now = 5_000;
    await cache.callerFor(principal('acme'), resolve);
    expect(resolved).toBe(2);
  });

  it("forgets a tenant's callers, and only that tenant's", async () => {
    const cache = createCallerCache();
    let resolved = 0;
    const resolve = (tenant: string) => async () => {
      resolved += 1;
      return callerIn(tenant);
    };
    await cache.callerFor(principal('acme'), resolve('acme'));
    await cache.callerFor(principal('globex'), resolve('globex'));
    cache.forgetTenant('acme');
    await cache.callerFor(principal('acme'), resolve('acme'));
    await cache.callerFor(principal('globex'), resolve('globex'));
    expect(resolved).toBe(3);
  });

  it('does not keep a caller resolved while the tenant changed: what it read may predate the change', async () => {
    const cache = createCallerCache();
    let finish!: (value: Caller) => void;
    // A request reads the roles as they were before a member was removed…
    const inFlight = cache.callerFor(principal('acme'), () => new Promise((resolve) => (finish = resolve)));
    // …the removal commits and forgets the tenant…
    cache.forgetTenant('acme');
    finish(callerIn('acme', true));
    expect((await inFlight).user.isClient).toBe(true);
    // …and the caller's next request reads them again instead of the stale answer.
    const next = await cache.callerFor(principal('acme'), async () => callerIn('acme', false));
    expect(next.user.isClient).toBe(false);
  });
});
