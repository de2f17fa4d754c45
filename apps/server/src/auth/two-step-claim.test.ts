import { describe, expect, test } from 'vitest';
import { parseTwoStepClaim, passesTwoStepClaim, twoStepRequiredFor } from './two-step-claim.ts';

describe("an external provider's proof of a second step", () => {
  test('OIDC_TWO_STEP_CLAIM names amr or acr and the values that count', () => {
    expect(parseTwoStepClaim('amr:mfa')).toEqual({ claim: 'amr', values: ['mfa'] });
    expect(parseTwoStepClaim('acr:urn:okta:loa:2fa:any, 2')).toEqual({
      claim: 'acr',
      values: ['urn:okta:loa:2fa:any', '2'],
    });
    for (const bad of ['mfa', 'sub:x', 'amr:', 'amr: , ']) expect(parseTwoStepClaim(bad)).toBeUndefined();
  });

  test('an amr list must hold a listed method; an acr string must be a listed level', () => {
    const amr = parseTwoStepClaim('amr:mfa,otp')!;
    expect(passesTwoStepClaim({ amr: ['pwd', 'mfa'] }, amr)).toBe(true);
    expect(passesTwoStepClaim({ amr: ['pwd'] }, amr)).toBe(false);
    expect(passesTwoStepClaim({}, amr)).toBe(false);
    const acr = parseTwoStepClaim('acr:2')!;
    expect(passesTwoStepClaim({ acr: '2' }, acr)).toBe(true);
    expect(passesTwoStepClaim({ acr: '1' }, acr)).toBe(false);
    expect(passesTwoStepClaim({ acr: 2 }, acr)).toBe(false);
  });

  test("the firm's requirement covers staff, clients, both or nobody", () => {
    const staff = { isStaff: true, isClient: false };
    const client = { isStaff: false, isClient: true };
    expect([staff, client].map((r) => twoStepRequiredFor('off', r))).toEqual([false, false]);
    expect([staff, client].map((r) => twoStepRequiredFor('staff', r))).toEqual([true, false]);
    expect([staff, client].map((r) => twoStepRequiredFor('clients', r))).toEqual([false, true]);
    expect([staff, client].map((r) => twoStepRequiredFor('everyone', r))).toEqual([true, true]);
  });
});
