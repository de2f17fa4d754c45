import { LIMITS } from '@portico/contracts';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { prefetchPageAt } from '../../../app/prefetch-page.ts';
import { CenteredPage } from '../../../components/centered-page.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { useLogout } from '../hooks/use-logout.ts';
import { readSignInState } from '../return-to.ts';

/** Seconds before a failed sign-in logs out by itself (SPEC §2, §9). */
export const CALLBACK_ERROR_LOGOUT_S = LIMITS.errorPageLogoutS;

/** Counts down from `seconds` once `active`, then calls `onDone` once. */
export function useCountdown(seconds: number, active: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!active) return;
    setLeft(seconds);
    const endsAt = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [active, seconds]);
  return left;
}

/** The banner of a failed sign-in: the provider's message, who to contact, and the logout countdown. */
export function CallbackError({ message, onLogout }: { message: string; onLogout: () => void }) {
  const left = useCountdown(CALLBACK_ERROR_LOGOUT_S, true, onLogout);
  return (
    <CenteredPage>
      <div className="portico-stack">
        <h1 style={{ fontSize: 24, margin: 0 }}>Sign-in did not complete</h1>
        <Notice tone="error" title={`Error : ${message}`} />
        <p style={{ margin: 0 }}>Please contact the system administrator if this keeps happening.</p>
        <p style={{ margin: 0 }} aria-live="polite">
          You will be logged out automatically in <strong data-testid="logout-countdown">{left}</strong>{' '}
          {left === 1 ? 'second' : 'seconds'}.
        </p>
        <div>
          <Button variant="primary" onClick={onLogout}>
            Log out now
          </Button>
        </div>
      </div>
    </CenteredPage>
  );
}

/**
 * While the code is exchanged for tokens, the page the user is coming back to starts loading: the router would
 * otherwise ask for its module only once the exchange is done. The address is read from the stored sign-in
 * transaction (the `state` parameter names it), which the session removes only once the exchange is over.
 */
function usePrefetchReturnPage(stateId: string | null) {
  const { session, descriptor } = useShell();
  useEffect(() => {
    if (!stateId) return;
    const data = session.signInData(stateId);
    if (data !== undefined) prefetchPageAt(readSignInState(data, descriptor.homePath), descriptor.pages);
  }, [stateId, session, descriptor]);
}

/**
 * `/login/callback` (SPEC §2). The session (oidc-session.ts) exchanges the code and this page then navigates to
 * the saved path; it shows progress, or the provider's error with an automatic logout after 10 s.
 */
export function CallbackPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const { descriptor } = useShell();
  const logout = useLogout();
  const loggingOut = useRef(false);
  const providerError = params.get('error_description') || params.get('error');
  usePrefetchReturnPage(providerError ? null : params.get('state'));
  // The provider's own description, straight from the address the provider sent the browser to.
  const message = providerError || auth.error?.message;

  const onLogout = () => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    void logout();
  };

  if (message) return <CallbackError message={message} onLogout={onLogout} />;
  // The path saved when sign-in started travels in the user's state (SPEC §2: the original URL is restored).
  if (auth.isAuthenticated && !auth.isLoading)
    return <Navigate to={readSignInState(auth.user?.state, descriptor.homePath)} replace />;
  if (!auth.isLoading && !params.has('code')) return <Navigate to="/" replace />;
  return <PageSpinner fullPage label="Completing sign-in…" />;
}
