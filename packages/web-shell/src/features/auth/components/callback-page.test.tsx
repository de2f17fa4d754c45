import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeOidcSession, renderWithShell } from '../../../testing/render-with-shell.tsx';
import type { AuthSnapshot, OidcUser } from '../oidc-session.ts';
import { CallbackPage } from './callback-page.tsx';

const signedInWith = (state: unknown): Partial<AuthSnapshot> => ({
  isAuthenticated: true,
  user: { access_token: 'a', token_type: 'bearer', profile: { sub: 'bob' }, state } as OidcUser,
});

afterEach(() => vi.useRealTimers());

describe('the sign-in callback', () => {
  test('on a provider error: the banner, the note, and a logout after 10 s with a countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const session = fakeOidcSession({ error: new Error('ignored: the provider said more') });
    const view = renderWithShell(<CallbackPage />, {
      path: '/login/callback?error=access_denied&error_description=The+user+cancelled&state=s',
      session,
    });
    expect(screen.getByText('Error : The user cancelled')).toBeInTheDocument();
    expect(screen.getByText(/contact the system administrator/)).toBeInTheDocument();
    expect(screen.getByTestId('logout-countdown')).toHaveTextContent('10');

    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByTestId('logout-countdown')).toHaveTextContent('6');
    expect(session.removeUser).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(6_500));
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/logout'));
    expect(session.removeUser).toHaveBeenCalled();
  });

  test("uses the session's message when the URL has none", () => {
    const session = fakeOidcSession({ error: new Error('No matching state found in storage') });
    renderWithShell(<CallbackPage />, { path: '/login/callback?code=c&state=s', session });
    expect(screen.getByText('Error : No matching state found in storage')).toBeInTheDocument();
  });

  test('once signed in, goes to the saved path', async () => {
    const session = fakeOidcSession(signedInWith({ returnTo: '/publishedFiles' }));
    const view = renderWithShell(<CallbackPage />, { path: '/login/callback?code=c&state=s', session });
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/publishedFiles'));
  });

  test('a plain sign-in lands on /submittedFiles', async () => {
    const session = fakeOidcSession(signedInWith(undefined));
    const view = renderWithShell(<CallbackPage />, { path: '/login/callback?code=c&state=s', session });
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/submittedFiles'));
  });

  test('shows progress while the code is exchanged', () => {
    const session = fakeOidcSession({ isLoading: true });
    renderWithShell(<CallbackPage />, { path: '/login/callback?code=c&state=s', session });
    expect(screen.getByText('Completing sign-in…')).toBeInTheDocument();
    // Meanwhile the page the sign-in started from begins to load, read from the stored transaction.
    expect(session.signInData).toHaveBeenCalledWith('s');
  });
});
