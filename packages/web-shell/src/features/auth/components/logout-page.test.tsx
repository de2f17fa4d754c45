import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { fakeOidcSession, renderWithShell } from '../../../testing/render-with-shell.tsx';
import { LogoutPage } from './logout-page.tsx';

describe('the logged-out page', () => {
  test("says 'You have been logged out !' and Login restarts sign-in", async () => {
    const session = fakeOidcSession();
    renderWithShell(<LogoutPage />, { path: '/logged-out', routePath: '/logged-out', session });
    expect(screen.getByText('You have been logged out !')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(session.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/submittedFiles' } });
  });

  test('an authenticated visitor goes to /', async () => {
    const session = fakeOidcSession({ isAuthenticated: true });
    const view = renderWithShell(<LogoutPage />, { path: '/logged-out', routePath: '/logged-out', session });
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
  });
});
