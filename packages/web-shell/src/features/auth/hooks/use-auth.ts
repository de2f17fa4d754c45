import { useSyncExternalStore } from 'react';
import { useShell } from '../../../shell/shell-context.tsx';
import type { AuthSnapshot } from '../oidc-session.ts';

/** The app's sign-in state (oidc-session.ts), read so that a change renders again. */
export function useAuth(): AuthSnapshot {
  const { session } = useShell();
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}
