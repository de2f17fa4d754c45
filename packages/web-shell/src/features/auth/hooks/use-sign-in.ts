import { useCallback } from 'react';
import { logger } from '../../../lib/logger.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { type SignInState, safeReturnTo } from '../return-to.ts';

/** Starts the redirect to the provider, carrying the path to come back to (SPEC §2). */
export function useSignIn() {
  const { session, descriptor } = useShell();
  return useCallback(
    async (returnTo?: string) => {
      const state: SignInState = { returnTo: safeReturnTo(returnTo, descriptor.homePath) };
      try {
        await session.signinRedirect({ state });
      } catch (error) {
        logger.error('sign-in redirect failed', error);
        throw error;
      }
    },
    [session, descriptor.homePath],
  );
}
