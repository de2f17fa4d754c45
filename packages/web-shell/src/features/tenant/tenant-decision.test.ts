import { describe, expect, test } from 'vitest';
import { decideTenant } from './tenant-decision.ts';

describe('the tenant guard decision', () => {
  test('one tenant in the token is selected automatically', () => {
    expect(decideTenant(['acme'], null)).toEqual({ type: 'select', tenant: 'acme' });
  });
  test('several tenants and none stored ask the user to choose', () => {
    expect(decideTenant(['acme', 'globex'], null)).toEqual({ type: 'choose', codes: ['acme', 'globex'] });
  });
  test('a stored tenant the token lists is kept', () => {
    expect(decideTenant(['acme', 'globex'], 'globex')).toEqual({ type: 'ready', tenant: 'globex' });
  });
  test('a stored tenant the token does not list is cleared', () => {
    expect(decideTenant(['acme', 'globex'], 'initech')).toEqual({ type: 'clear' });
    expect(decideTenant([], 'acme')).toEqual({ type: 'clear' });
  });
  test('nothing is decided, and a stored tenant kept, before the access token is known (a reload)', () => {
    expect(decideTenant(null, 'globex')).toEqual({ type: 'wait' });
    expect(decideTenant(null, null)).toEqual({ type: 'wait' });
  });
  test('no tenant at all is its own case', () => {
    expect(decideTenant([], null)).toEqual({ type: 'none' });
  });
});
