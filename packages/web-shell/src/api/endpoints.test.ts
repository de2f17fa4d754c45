import type { DiscoverServicesResponse } from '@portico/contracts';
import { describe, expect, test } from 'vitest';
import { resolveServiceBaseUrl, serviceUrl, toEndPoints } from './endpoints.ts';

const entries: DiscoverServicesResponse = [
  {
    serviceType: 'user',
    roleType: 'DocumentManagementRole',
    clientEndpoints: [
      { clientType: 'portal', entrypointAddress: 'http://h/t/acme/user/' },
      { clientType: 'control-panel', entrypointAddress: 'http://cp/t/acme/user/' },
    ],
  },
  {
    serviceType: 'portal',
    roleType: 'DocumentManagementRole',
    clientEndpoints: [{ clientType: 'portal', entrypointAddress: 'http://h/t/acme/portal' }],
  },
  {
    serviceType: 'master-data',
    roleType: 'DocumentManagementRole',
    clientEndpoints: [{ clientType: 'control-panel', entrypointAddress: 'http://cp/t/acme/master-data/' }],
  },
];

describe('endpoint resolution', () => {
  test("keeps each service's address for the app's client type", () => {
    expect(toEndPoints(entries, 'portal')).toEqual([
      { serviceType: 'user', entrypointAddress: 'http://h/t/acme/user/', roleType: 'DocumentManagementRole' },
      {
        serviceType: 'portal',
        entrypointAddress: 'http://h/t/acme/portal',
        roleType: 'DocumentManagementRole',
      },
    ]);
    expect(toEndPoints(entries, 'control-panel').map((e) => e.serviceType)).toEqual(['user', 'master-data']);
  });

  test('resolves a base address by service type, always ending in a slash', () => {
    const endPoints = toEndPoints(entries, 'portal');
    expect(resolveServiceBaseUrl(endPoints, 'user')).toBe('http://h/t/acme/user/');
    expect(resolveServiceBaseUrl(endPoints, 'portal')).toBe('http://h/t/acme/portal/');
    expect(resolveServiceBaseUrl(endPoints, 'file-storage')).toBeUndefined();
  });

  test('joins relative paths under the base and never lets them leave it', () => {
    expect(serviceUrl('http://h/t/acme/user/', 'api/users/menu')).toBe('http://h/t/acme/user/api/users/menu');
    expect(serviceUrl('http://h/t/acme/user/', '/api/users/menu')).toBe(
      'http://h/t/acme/user/api/users/menu',
    );
    expect(() => serviceUrl('http://h/t/acme/user/', '../../globex/user/api')).toThrow(/leaves its service/);
    // A protocol-relative path stays a path under the service.
    expect(serviceUrl('http://h/t/acme/user/', '//evil.example/x')).toBe(
      'http://h/t/acme/user/evil.example/x',
    );
    expect(() => serviceUrl('http://h/t/acme/user/', 'https://evil.example/x')).toThrow(/leaves its service/);
  });
});
