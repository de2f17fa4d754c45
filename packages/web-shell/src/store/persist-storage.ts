import type { Storage } from 'redux-persist';
import { safeStorage } from '../lib/storage-keys.ts';

/** redux-persist's storage over localStorage, without its CommonJS default-storage module. */
export const localPersistStorage: Storage = {
  getItem: (key: string) => Promise.resolve(safeStorage.get(key)),
  setItem: (key: string, value: string) => Promise.resolve(safeStorage.set(key, value)),
  removeItem: (key: string) => Promise.resolve(safeStorage.remove(key)),
};
