/**
 * Which refresh token the tabs of this browser have already spent (decision 85). The provider rotates refresh
 * tokens and revokes the whole grant when a spent one comes back, so a tab must never renew with a token another
 * tab has used. Local storage cannot tell it: Chromium gives each tab its own copy, brought up to date some time
 * after another tab writes, so a tab that takes the renewal lock the moment the renewing tab lets go reads the old
 * user about one time in four (measured: 59 of 200 and 50 of 200, idle and busy). IndexedDB is one store for all
 * tabs, its transactions ordered by the browser: a tab that wrote here before letting go of the lock is read here
 * by the next one. Only a SHA-256 of a spent token is kept, never a token.
 *
 * Where IndexedDB is missing or fails (some private modes, jsdom), every answer is "not known to be spent": the
 * session then trusts local storage alone, as before this module.
 */
const DATABASE = 'portico-auth';
const STORE = 'spent-refresh-tokens';

/** The database, opened for each use (a renewal is minutes apart) so that no connection is left to block. */
const opened = () =>
  new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });

const hashOf = async (token: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/** Runs one request in a transaction of the store and answers its result once the transaction has committed. */
async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await opened();
  if (!db) return undefined;
  return new Promise<T | undefined>((resolve) => {
    try {
      const transaction = db.transaction(STORE, mode);
      const request = run(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = transaction.onabort = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  }).finally(() => db.close());
}

/** Whether `refreshToken` is the last one a tab spent for the user stored under `userKey`. */
export async function wasSpent(userKey: string, refreshToken: string): Promise<boolean> {
  const spent = await inStore('readonly', (store) => store.get(userKey));
  return spent !== undefined && spent === (await hashOf(refreshToken));
}

/** Notes that `refreshToken` has been spent; answers once every tab would read it. */
export async function markSpent(userKey: string, refreshToken: string): Promise<void> {
  const hash = await hashOf(refreshToken);
  await inStore('readwrite', (store) => store.put(hash, userKey));
}
