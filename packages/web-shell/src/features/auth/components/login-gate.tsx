import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { CenteredPage } from '../../../components/centered-page.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectIsLoggingOut } from '../../../store/selectors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { useSignIn } from '../hooks/use-sign-in.ts';

/** What the gate does for an auth state: pure, so the redirect rule is tested without a browser. */
export type AuthGateDecision = 'wait' | 'sign-in' | 'error' | 'enter' | 'logging-out';

export function decideAuthGate(auth: {
  isLoading: boolean;
  isAuthenticated: boolean;
  error?: unknown;
  activeNavigator?: string | undefined;
  isLoggingOut?: boolean;
}): AuthGateDecision {
  if (auth.isLoggingOut) return 'logging-out';
  if (auth.isAuthenticated) return 'enter';
  if (auth.isLoading || auth.activeNavigator) return 'wait';
  if (auth.error) return 'error';
  return 'sign-in';
}

/**
 * The protected root (SPEC §2): an unauthenticated visitor is sent to the provider, with the URL they asked for
 * saved and restored after sign-in.
 */
export function LoginGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const signIn = useSignIn();
  const started = useRef(false);
  const isLoggingOut = useShellSelector(selectIsLoggingOut);
  const decision = decideAuthGate({ ...auth, isLoggingOut });
  const returnTo = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (decision !== 'sign-in' || started.current) return;
    started.current = true;
    signIn(returnTo).catch(() => {
      started.current = false;
    });
  }, [decision, returnTo, signIn]);

  if (decision === 'enter') return children;
  if (decision === 'error')
    return (
      <CenteredPage>
        <div className="portico-stack">
          <Notice tone="error" title="Sign-in failed">
            {auth.error?.message ?? 'The identity provider could not be reached.'}
          </Notice>
          <div>
            <Button variant="primary" onClick={() => void signIn(returnTo)}>
              Try again
            </Button>
          </div>
        </div>
      </CenteredPage>
    );
  if (decision === 'logging-out') return <PageSpinner fullPage label="Logging out…" />;
  return <PageSpinner fullPage label="Redirecting to sign in…" />;
}
