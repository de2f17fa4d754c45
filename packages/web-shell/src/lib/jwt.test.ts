import { describe, expect, test } from 'vitest';
import { fakeJwt } from '../testing/fixtures.ts';
import { decodeJwtPayload, readTenantCodes } from './jwt.ts';

describe('reading the access token', () => {
  test('decodes the payload, including non-ASCII claims', () => {
    expect(decodeJwtPayload(fakeJwt({ name: 'Zoë', tid: ['acme'] }))).toEqual({ name: 'Zoë', tid: ['acme'] });
  });

  test('a token that is not a JWT has no claims', () => {
    expect(decodeJwtPayload('opaque-token')).toBeUndefined();
    expect(decodeJwtPayload('a.%%%.c')).toBeUndefined();
    expect(decodeJwtPayload(undefined)).toBeUndefined();
  });

  test('the tenant claim is a list; a string is a list of one; duplicates and blanks go', () => {
    expect(readTenantCodes(fakeJwt({ tid: ['acme', 'globex', 'acme', ''] }), 'tid')).toEqual([
      'acme',
      'globex',
    ]);
    expect(readTenantCodes(fakeJwt({ tid: 'acme' }), 'tid')).toEqual(['acme']);
    expect(readTenantCodes(fakeJwt({ other: ['acme'] }), 'tid')).toEqual([]);
    expect(readTenantCodes(fakeJwt({ tid: [1, null] }), 'tid')).toEqual([]);
  });
});
