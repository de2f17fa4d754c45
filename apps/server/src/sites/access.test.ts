import { FILE_AREA_SETTING_KEYS, type FileAreaSettingKey } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { type DemoUsername, useTestApi } from '../testing/api.ts';
import {
  ACCESS_ACTIONS,
  type AccessAction,
  authorize,
  type Caller,
  requireAccess,
  type SiteAccessAction,
  type StaffAccessAction,
} from './access.ts';
import { callerOfUser } from './callers.ts';

/**
 * The access vocabulary, table-driven: every action of `ACCESS_ACTIONS` against the firm's staff, a client member
 * of the site, a client of the firm who is not a member, another firm's staff, and a member with the action's
 * flag off, through the real site, membership and settings rows.
 */

const api = useTestApi();
const BAKERY = 'ACME-1001'; // Bob's site; Alice is a client of Acme's ACME-1002 only, Dave staff of Globex.

const siteActions = (Object.keys(ACCESS_ACTIONS) as AccessAction[]).filter(
  (a): a is SiteAccessAction => ACCESS_ACTIONS[a].kind === 'site',
);
const staffActions = (Object.keys(ACCESS_ACTIONS) as AccessAction[]).filter(
  (a): a is StaffAccessAction => ACCESS_ACTIONS[a].kind === 'staff',
);
const flagsOf = (action: SiteAccessAction) => ACCESS_ACTIONS[action].steps.map((s) => s.flag);

const callers = new Map<string, Caller>();
async function callerOf(username: DemoUsername, tenantCode: string): Promise<Caller> {
  const userId = await api.userId(username);
  const caller = await api.db.readTenant(tenantCode, (tx) => callerOfUser(tx, tenantCode, userId));
  if (!caller) throw new Error(`${username} has no role in ${tenantCode}`);
  return caller;
}

/** The site's own override: every flag on but `off`. */
async function setFlags(off?: FileAreaSettingKey) {
  const flags = Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, k !== off]));
  const answer = await api
    .as('carol')
    .patch(`/t/acme/portal/api/staff/sites/${api.siteId(BAKERY)}/file-area-settings`, flags);
  expect(answer.status).toBe(200);
}

/** What `requireAccess` answers: 'allowed' or the refusal's status and code. */
async function outcome(who: string, action: SiteAccessAction) {
  const caller = callers.get(who)!;
  try {
    await api.db.withTenant(caller.tenantCode, (tx) =>
      requireAccess(tx, caller, action, { siteId: api.siteId(BAKERY) }),
    );
    return 'allowed';
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
}

beforeAll(async () => {
  callers.set('staff', await callerOf('carol', 'acme'));
  callers.set('member', await callerOf('bob', 'acme'));
  callers.set('non-member', await callerOf('alice', 'acme'));
  callers.set('other tenant', await callerOf('dave', 'globex'));
});

describe('requireAccess on a site action', () => {
  it('names an action for every flag', () => {
    const gated = new Set(siteActions.flatMap(flagsOf));
    expect(FILE_AREA_SETTING_KEYS.filter((k) => !gated.has(k))).toEqual([]);
  });

  it.each(siteActions)(
    '%s: staff and a member may, a non-member and another firm get 404',
    async (action) => {
      await setFlags();
      expect({
        staff: await outcome('staff', action),
        member: await outcome('member', action),
        nonMember: await outcome('non-member', action),
        otherTenant: await outcome('other tenant', action),
      }).toEqual({
        staff: 'allowed',
        member: 'allowed',
        nonMember: '404 sites.not_found',
        otherTenant: '404 sites.not_found',
      });
    },
  );

  it.each(siteActions)('%s: each of its flags off refuses a member with 403, never staff', async (action) => {
    for (const flag of flagsOf(action)) {
      await setFlags(flag);
      expect([flag, await outcome('member', action)]).toEqual([flag, '403 settings.forbidden']);
      expect([flag, await outcome('staff', action)]).toEqual([flag, 'allowed']);
      expect([flag, await outcome('non-member', action)]).toEqual([flag, '404 sites.not_found']);
    }
  });
});

describe('authorize on a staff-only action', () => {
  it.each(staffActions)('%s: staff may, clients get 403 auth.staff_only', (action) => {
    expect(() => authorize(callers.get('staff')!, action)).not.toThrow();
    expect(() => authorize(callers.get('other tenant')!, action)).not.toThrow(); // staff of their own firm
    for (const who of ['member', 'non-member']) {
      expect(() => authorize(callers.get(who)!, action)).toThrow(
        expect.objectContaining({ code: 'auth.staff_only', status: 403 }),
      );
    }
  });
});
