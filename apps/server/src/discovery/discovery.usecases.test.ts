import { describe, expect, it } from 'vitest';
import type { ServiceEndpointRow } from './discovery.repository.ts';
import { resolveEntrypoint, toServiceEntries } from './discovery.usecases.ts';

const PUBLIC_URL = 'https://portal.example.com';

describe('resolving a service address', () => {
  it('resolves a path against the public URL', () => {
    expect(resolveEntrypoint('/t/acme/portal/', PUBLIC_URL)).toBe(
      'https://portal.example.com/t/acme/portal/',
    );
    expect(resolveEntrypoint('t/acme/portal/', PUBLIC_URL)).toBe('https://portal.example.com/t/acme/portal/');
  });

  it('keeps an absolute address as written', () => {
    expect(resolveEntrypoint('https://files.acme.example:8443/Store/', PUBLIC_URL)).toBe(
      'https://files.acme.example:8443/Store/',
    );
  });

  it('ends every address with a slash, so clients can append api/…', () => {
    expect(resolveEntrypoint('/t/acme/portal', PUBLIC_URL)).toBe('https://portal.example.com/t/acme/portal/');
    expect(resolveEntrypoint('https://files.acme.example', PUBLIC_URL)).toBe('https://files.acme.example/');
  });

  it('refuses what a browser must not be sent to', () => {
    expect(resolveEntrypoint('javascript:alert(1)', PUBLIC_URL)).toBeUndefined();
    expect(resolveEntrypoint('ftp://files.acme.example/', PUBLIC_URL)).toBeUndefined();
    expect(resolveEntrypoint('http://[nope/', PUBLIC_URL)).toBeUndefined();
  });
});

describe('grouping endpoints into service entries', () => {
  const row = (serviceType: string, clientType: string, address: string): ServiceEndpointRow => ({
    serviceType,
    clientType,
    address,
    roleType: 'DocumentManagementRole',
  });

  it('answers one entry per service type, in the contract order, with an address per client type', () => {
    const entries = toServiceEntries(
      [
        row('portal', 'control-panel', '/t/acme/portal/'),
        row('file-storage', 'portal', 'https://blobs.example.com/acme/'),
        row('portal', 'portal', '/t/acme/portal/'),
        row('user', 'portal', '/t/acme/user/'),
      ],
      PUBLIC_URL,
    );
    expect(entries).toEqual([
      {
        serviceType: 'user',
        roleType: 'DocumentManagementRole',
        clientEndpoints: [
          { clientType: 'portal', entrypointAddress: 'https://portal.example.com/t/acme/user/' },
        ],
      },
      {
        serviceType: 'portal',
        roleType: 'DocumentManagementRole',
        clientEndpoints: [
          { clientType: 'portal', entrypointAddress: 'https://portal.example.com/t/acme/portal/' },
          { clientType: 'control-panel', entrypointAddress: 'https://portal.example.com/t/acme/portal/' },
        ],
      },
      {
        serviceType: 'file-storage',
        roleType: 'DocumentManagementRole',
        clientEndpoints: [{ clientType: 'portal', entrypointAddress: 'https://blobs.example.com/acme/' }],
      },
    ]);
  });

  it('leaves out, and reports, rows the contract cannot carry', () => {
    const skipped: string[] = [];
    const entries = toServiceEntries(
      [
        row('reporting', 'portal', '/t/acme/reporting/'),
        row('portal', 'mobile', '/t/acme/portal/'),
        row('user', 'portal', 'javascript:alert(1)'),
        row('master-data', 'portal', '/t/acme/master-data/'),
      ],
      PUBLIC_URL,
      (r, reason) => skipped.push(`${r.serviceType}/${r.clientType}: ${reason}`),
    );
    expect(entries.map((e) => e.serviceType)).toEqual(['master-data']);
    expect(skipped).toEqual([
      'reporting/portal: unknown service type',
      'portal/mobile: unknown client type',
      'user/portal: address is not an http(s) URL or path',
    ]);
  });
});
