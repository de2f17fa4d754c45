import { useCallback } from 'react';
import { useAuth } from 'react-oidc-context';
import { logger } from '../../../lib/logger.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { type SignInState, safeReturnTo } from '../return-to.ts';

/** Starts the redirect to the provider, carrying the path to come back to (SPEC §2). */
export function useSignIn() {
  const auth = useAuth();
  const { descriptor } = useShell();
  return useCallback(
    async (returnTo?: string) => {
      const state: SignInState = { returnTo: safeReturnTo(returnTo, descriptor.homePath) };
      try {
        await auth.signinRedirect({ state });
      } catch (error) {
        logger.error('sign-in redirect failed', error);
        throw error;
      }
    },
    [auth, descriptor.homePath],
  );
}
