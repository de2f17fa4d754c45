import { PORTAL_SCOPES } from '@portico/contracts';
import { describe, expect, test } from 'vitest';
import { validateIdentityProviderSetup } from './issuer.ts';

const scopes = [...PORTAL_SCOPES];

describe('identity provider setup (SPEC §5)', () => {
  test('accepts a valid issuer with scopes as an array', () => {
    expect(validateIdentityProviderSetup({ issuer: 'https://login.example.com/oidc', scopes })).toEqual([]);
    expect(validateIdentityProviderSetup({ issuer: 'http://localhost:8080/oidc', scopes })).toEqual([]);
  });

  test('refuses an issuer that is not a valid URL', () => {
    expect(validateIdentityProviderSetup({ issuer: 'not a url', scopes })).toEqual([
      'The identity provider address "not a url" is not a valid URL.',
    ]);
    expect(validateIdentityProviderSetup({ issuer: '', scopes })).toHaveLength(1);
    expect(validateIdentityProviderSetup({ issuer: undefined, scopes })).toHaveLength(1);
    expect(validateIdentityProviderSetup({ issuer: 'ftp://login.example.com', scopes })).toHaveLength(1);
  });

  test("refuses '-admin' in the subdomain", () => {
    expect(validateIdentityProviderSetup({ issuer: 'https://acme-admin.okta.com', scopes })).toEqual([
      'The identity provider address "https://acme-admin.okta.com" points at an \'-admin\' subdomain.',
    ]);
    // Only the subdomain counts: a path or a later label may say admin.
    expect(
      validateIdentityProviderSetup({ issuer: 'https://acme.okta.com/oauth2/my-admin', scopes }),
    ).toEqual([]);
  });

  test('needs the scopes as an array of names including openid', () => {
    expect(
      validateIdentityProviderSetup({ issuer: 'https://idp.example', scopes: 'openid profile' }),
    ).toEqual(['The sign-in scopes must be given as a list.']);
    expect(validateIdentityProviderSetup({ issuer: 'https://idp.example', scopes: [] })).toHaveLength(1);
    expect(
      validateIdentityProviderSetup({ issuer: 'https://idp.example', scopes: ['profile'] }),
    ).toHaveLength(1);
  });

  test('lists every problem at once', () => {
    expect(validateIdentityProviderSetup({ issuer: 'nope', scopes: 'openid' })).toHaveLength(2);
  });
});
