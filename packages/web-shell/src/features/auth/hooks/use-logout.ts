import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { logger } from '../../../lib/logger.ts';
import { safeStorage } from '../../../lib/storage-keys.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { resetApp } from '../../../store/app-slice.ts';
import { logoutStarted, signedOut } from '../../../store/client-state-slice.ts';
import { useShellDispatch } from '../../../store/hooks.ts';
import { LOGOUT_PATH } from '../return-to.ts';
import { listenToOtherTabs, tellOtherTabs } from '../tab-sync.ts';

/**
 * Logout (SPEC §4): forget the state, clear local storage, then RP-initiated logout at the provider with the
 * ID token as hint; the provider sends the browser back to `/logout`. Without an ID token (a failed sign-in)
 * there is no provider session to end, so the app goes to `/logout` directly.
 */
export function useLogout() {
  const { session, persistor, setup } = useShell();
  const dispatch = useShellDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    dispatch(logoutStarted());
    // Every other tab of this browser signs out at once, before this one reaches the provider.
    tellOtherTabs({ type: 'signed-out' });
    const user = session.getUser();
    dispatch(resetApp());
    dispatch(signedOut());
    persistor.pause();
    await persistor.purge().catch(() => undefined);
    safeStorage.clear();
    try {
      if (user?.id_token) {
        await session.signoutRedirect({
          id_token_hint: user.id_token,
          post_logout_redirect_uri: setup.client.postLogoutRedirectUri,
        });
        return;
      }
    } catch (error) {
      logger.warn('logout at the identity provider failed; signed out locally', error);
    }
    session.removeUser();
    navigate(LOGOUT_PATH, { replace: true });
  }, [dispatch, navigate, persistor, setup.client.postLogoutRedirectUri, session]);
}

/**
 * A sign-out in another tab of this browser (tab-sync.ts) signs this tab out too: its tokens and state are
 * dropped at once, so it fetches nothing more, and it shows the signed-out page. The provider's session is the
 * other tab's to end (it is one session).
 */
export function useSignOutWithOtherTabs() {
  const { session } = useShell();
  const dispatch = useShellDispatch();
  const navigate = useNavigate();
  useEffect(
    () =>
      listenToOtherTabs((message) => {
        if (message.type !== 'signed-out') return;
        dispatch(logoutStarted());
        dispatch(resetApp());
        dispatch(signedOut());
        session.removeUser();
        navigate(LOGOUT_PATH, { replace: true });
      }),
    [dispatch, navigate, session],
  );
}
