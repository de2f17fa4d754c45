import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { describe, expect, test, vi } from 'vitest';
import { renderWithShell } from '../../../testing/render-with-shell.tsx';
import { LogoutPage } from './logout-page.tsx';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

describe('the logged-out page', () => {
  test("says 'You have been logged out !' and Login restarts sign-in", async () => {
    const signinRedirect = vi.fn(async () => undefined);
    vi.mocked(useAuth).mockReturnValue({ isAuthenticated: false, signinRedirect } as unknown as ReturnType<
      typeof useAuth
    >);
    renderWithShell(<LogoutPage />, { path: '/logged-out', routePath: '/logged-out' });
    expect(screen.getByText('You have been logged out !')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/submittedFiles' } });
  });

  test('an authenticated visitor goes to /', async () => {
    vi.mocked(useAuth).mockReturnValue({ isAuthenticated: true } as unknown as ReturnType<typeof useAuth>);
    const view = renderWithShell(<LogoutPage />, { path: '/logged-out', routePath: '/logged-out' });
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
  });
});
