import { LIMITS } from '@portico/contracts';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { RuntimeSetup } from '../../config/runtime-config.ts';
import type { StorageKeys } from '../../lib/storage-keys.ts';

/**
 * Authorization Code + PKCE against the discovered issuer with the client of /config.json. The user (id, access
 * and refresh tokens) is kept in local storage under the app's auth-token key (SPEC §3); sign-in transactions
 * expire after 30 minutes (SPEC §9).
 */
export function createUserManager(setup: RuntimeSetup, keys: StorageKeys): UserManager {
  const storage = globalThis.localStorage;
  return new UserManager({
    authority: setup.issuer,
    client_id: setup.client.clientId,
    redirect_uri: setup.client.redirectUri,
    post_logout_redirect_uri: setup.client.postLogoutRedirectUri,
    response_type: 'code',
    scope: setup.client.scopes.join(' '),
    userStore: new WebStorageStateStore({ store: storage, prefix: keys.authToken }),
    stateStore: new WebStorageStateStore({ store: storage, prefix: `${keys.authToken}tx.` }),
    staleStateAgeInSeconds: LIMITS.sharedTransactionStorageMs / 1000,
    // The access token is for the API (a JWT with the tenant claim), not for the provider's userinfo endpoint;
    // the name comes from the ID token.
    loadUserInfo: false,
    // Renews with the refresh token when the provider issues one; otherwise the app signs in again on expiry.
    automaticSilentRenew: true,
    monitorSession: false,
    // The page that sends the browser to the provider gives its place in the history to the provider's page,
    // whose script gives it on to the app after sign-in: Back from the app never lands on a sign-in page.
    redirectMethod: 'replace',
  });
}
