import { createContext, useContext } from 'react';
import type { Persistor } from 'redux-persist';
import type { RuntimeSetup } from '../config/runtime-config.ts';
import type { OidcSession } from '../features/auth/oidc-session.ts';
import type { StorageKeys } from '../lib/storage-keys.ts';
import type { AppDescriptor } from './app-descriptor.ts';

/** What the shell knows once started: the app, its validated setup and its sign-in machinery. */
export interface ShellContextValue {
  descriptor: AppDescriptor;
  setup: RuntimeSetup;
  keys: StorageKeys;
  session: OidcSession;
  persistor: Persistor;
}

export const ShellContext = createContext<ShellContextValue | null>(null);

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside the web shell.');
  return value;
}
