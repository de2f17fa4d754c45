import { describe, expect, test } from 'vitest';
import { useTestDatabase } from '../testing/test-database.ts';
import { createPostgresAdapterFactory } from './postgres-adapter.ts';

describe('the oidc-provider adapter on oidc_payloads', () => {
  const db = useTestDatabase();

  const adapterFor = (model: string) => createPostgresAdapterFactory(db())(model);

  test('finds what it stored, and updates it in place', async () => {
    const codes = adapterFor('AuthorizationCode');
    await codes.upsert('c1', { accountId: 'a', grantId: 'g1', scope: 'openid' }, 60);
    expect(await codes.find('c1')).toEqual({ accountId: 'a', grantId: 'g1', scope: 'openid' });
    await codes.upsert('c1', { accountId: 'a', grantId: 'g1', scope: 'openid profile' }, 60);
    expect(await codes.find('c1')).toMatchObject({ scope: 'openid profile' });
    expect(await codes.find('missing')).toBeUndefined();
  });

  test('keeps models apart under the same id', async () => {
    await adapterFor('Session').upsert('same', { uid: 'u-same', accountId: 'x' }, 60);
    await adapterFor('Grant').upsert('same', { accountId: 'y' }, 60);
    expect(await adapterFor('Session').find('same')).toMatchObject({ accountId: 'x' });
    expect(await adapterFor('Grant').find('same')).toMatchObject({ accountId: 'y' });
  });

  test('marks a consumed token with the time, in epoch seconds, and keeps it consumed on update', async () => {
    const tokens = adapterFor('RefreshToken');
    await tokens.upsert('r1', { accountId: 'a', grantId: 'g2' }, 60);
    const before = Math.floor(Date.now() / 1000);
    await tokens.consume('r1');
    const consumed = (await tokens.find('r1'))?.consumed as number;
    expect(consumed).toBeGreaterThanOrEqual(before - 1);
    expect(consumed).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    await tokens.upsert('r1', { accountId: 'a', grantId: 'g2', rotations: 1 }, 60);
    expect(await tokens.find('r1')).toMatchObject({ rotations: 1, consumed });
  });

  test('finds sessions by uid and device codes by user code', async () => {
    await adapterFor('Session').upsert('s1', { uid: 'uid-1', accountId: 'a' }, 60);
    expect(await adapterFor('Session').findByUid('uid-1')).toMatchObject({ accountId: 'a' });
    expect(await adapterFor('Session').findByUid('uid-2')).toBeUndefined();
    await adapterFor('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g3' }, 60);
    expect(await adapterFor('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ grantId: 'g3' });
  });

  test('does not return what has expired, and keeps what has no expiry', async () => {
    const interactions = adapterFor('Interaction');
    await interactions.upsert('old', { uid: 'old' }, -5);
    await interactions.upsert('forever', { uid: 'forever' });
    expect(await interactions.find('old')).toBeUndefined();
    expect(await interactions.find('forever')).toMatchObject({ uid: 'forever' });
  });

  test('destroys one entry', async () => {
    const grants = adapterFor('Grant');
    await grants.upsert('gone', { accountId: 'a' }, 60);
    await grants.destroy('gone');
    expect(await grants.find('gone')).toBeUndefined();
  });

  test("revoking a grant removes that model's tokens of that grant only", async () => {
    const access = adapterFor('AccessToken');
    const refresh = adapterFor('RefreshToken');
    await access.upsert('a1', { grantId: 'revoke-me' }, 60);
    await access.upsert('a2', { grantId: 'keep-me' }, 60);
    await refresh.upsert('r9', { grantId: 'revoke-me' }, 60);
    await access.revokeByGrantId('revoke-me');
    expect(await access.find('a1')).toBeUndefined();
    expect(await access.find('a2')).toBeDefined();
    expect(await refresh.find('r9')).toBeDefined();
  });

  test('a write now and then purges expired rows', async () => {
    await db().query(
      `INSERT INTO oidc_payloads (model, id, payload, expires_at) VALUES ('Session', 'stale', '{}', now() - interval '1 day')`,
    );
    // A new factory has never purged, so its first write does.
    await createPostgresAdapterFactory(db())('Session').upsert('fresh', { uid: 'fresh' }, 60);
    const { rows } = await db().query<{ id: string }>("SELECT id FROM oidc_payloads WHERE model = 'Session'");
    expect(rows.map((r) => r.id)).not.toContain('stale');
    expect(rows.map((r) => r.id)).toContain('fresh');
  });
});
