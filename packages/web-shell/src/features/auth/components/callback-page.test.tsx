import { act, screen } from '@testing-library/react';
import { useAuth } from 'react-oidc-context';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeUserManager, renderWithShell } from '../../../testing/render-with-shell.tsx';
import { CallbackPage } from './callback-page.tsx';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const mockAuth = (state: Record<string, unknown>) =>
  vi.mocked(useAuth).mockReturnValue({
    isLoading: false,
    isAuthenticated: false,
    error: undefined,
    ...state,
  } as unknown as ReturnType<typeof useAuth>);

afterEach(() => vi.useRealTimers());

describe('the sign-in callback', () => {
  test('on a provider error: the banner, the note, and a logout after 10 s with a countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockAuth({ error: new Error('ignored: the provider said more') });
    const userManager = fakeUserManager();
    const view = renderWithShell(<CallbackPage />, {
      path: '/login/callback?error=access_denied&error_description=The+user+cancelled&state=s',
      userManager,
    });
    expect(screen.getByText('Error : The user cancelled')).toBeInTheDocument();
    expect(screen.getByText(/contact the system administrator/)).toBeInTheDocument();
    expect(screen.getByTestId('logout-countdown')).toHaveTextContent('10');

    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByTestId('logout-countdown')).toHaveTextContent('6');
    expect(userManager.removeUser).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(6_500));
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/logout'));
    expect(userManager.removeUser).toHaveBeenCalled();
  });

  test("uses the library's message when the URL has none", () => {
    mockAuth({ error: new Error('No matching state found in storage') });
    renderWithShell(<CallbackPage />, { path: '/login/callback?code=c&state=s' });
    expect(screen.getByText('Error : No matching state found in storage')).toBeInTheDocument();
  });

  test('once signed in, goes to the saved path', async () => {
    mockAuth({ isAuthenticated: true, user: { state: { returnTo: '/publishedFiles' } } });
    const view = renderWithShell(<CallbackPage />, { path: '/login/callback?code=c&state=s' });
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/publishedFiles'));
  });

  test('a plain sign-in lands on /submittedFiles', async () => {
    mockAuth({ isAuthenticated: true, user: { state: undefined } });
    const view = renderWithShell(<CallbackPage />, { path: '/login/callback?code=c&state=s' });
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/submittedFiles'));
  });

  test('shows progress while the code is exchanged', () => {
    mockAuth({ isLoading: true });
    renderWithShell(<CallbackPage />, { path: '/login/callback?code=c&state=s' });
    expect(screen.getByText('Completing sign-in…')).toBeInTheDocument();
  });
});
