import type { RuntimeConfig } from '@portico/contracts';
import type { RuntimeSetup } from '../config/runtime-config.ts';
import type { AppDescriptor } from '../shell/app-descriptor.ts';

export const ORIGIN = 'http://localhost:3000';

export const testConfig: RuntimeConfig = {
  version: '1.1.0-rc.1',
  discoveryUrl: `${ORIGIN}/discovery/api/DiscoveryContext/`,
  tenantClaim: 'tid',
  logLevel: 'debug',
  portal: {
    clientId: 'portico-portal',
    redirectUri: `${ORIGIN}/login/callback`,
    postLogoutRedirectUri: `${ORIGIN}/logout`,
    scopes: ['openid', 'profile', 'tenancy'],
  },
  controlPanel: {
    clientId: 'portico-control-panel',
    redirectUri: `${ORIGIN}/control-panel/login/callback`,
    postLogoutRedirectUri: `${ORIGIN}/control-panel/logout`,
    scopes: ['openid', 'profile', 'tenancy'],
  },
};

export const testSetup: RuntimeSetup = {
  config: testConfig,
  client: testConfig.portal,
  issuer: `${ORIGIN}/oidc`,
};

const page = (path: string, menuKey: string, title: string) => ({
  path,
  menuKey,
  title,
  load: async () => ({ default: () => null }),
});

export const testDescriptor: AppDescriptor = {
  id: 'test',
  name: 'Portico',
  basePath: '/',
  client: 'portal',
  clientType: 'portal',
  audience: 'client',
  homePath: '/submittedFiles',
  pages: [
    { ...page('publishedFiles', 'publishedFiles', 'Published Files'), badge: 'publishedFileCount' },
    page('submittedFiles', 'submittedFiles', 'Submitted Files'),
  ],
};

/** An unsigned JWT with the given claims (the front end never verifies signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${part({ alg: 'none', typ: 'at+jwt' })}.${part(claims)}.signature`;
}
