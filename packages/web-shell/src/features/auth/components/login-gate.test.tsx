import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeOidcSession, renderWithShell } from '../../../testing/render-with-shell.tsx';
import type { AuthSnapshot } from '../oidc-session.ts';
import { decideAuthGate, LoginGate } from './login-gate.tsx';

const signinRedirect = vi.fn(async () => undefined);
const auth = (state: Partial<AuthSnapshot>) => fakeOidcSession(state, { signinRedirect });

beforeEach(() => signinRedirect.mockClear());

describe('the auth redirect', () => {
  test('decides from the auth state', () => {
    expect(decideAuthGate({ isLoading: true, isAuthenticated: false })).toBe('wait');
    expect(decideAuthGate({ isLoading: false, isAuthenticated: false })).toBe('sign-in');
    expect(
      decideAuthGate({ isLoading: false, isAuthenticated: false, activeNavigator: 'signinRedirect' }),
    ).toBe('wait');
    expect(decideAuthGate({ isLoading: false, isAuthenticated: false, error: new Error('x') })).toBe('error');
    expect(decideAuthGate({ isLoading: false, isAuthenticated: true })).toBe('enter');
    expect(decideAuthGate({ isLoading: false, isAuthenticated: false, isLoggingOut: true })).toBe(
      'logging-out',
    );
  });

  test('sends an unauthenticated visitor to sign in, saving the URL they asked for', async () => {
    renderWithShell(
      <LoginGate>
        <p>protected</p>
      </LoginGate>,
      { path: '/publishedFiles?sort=title', session: auth({}) },
    );
    expect(await screen.findByText('Redirecting to sign in…')).toBeInTheDocument();
    expect(screen.queryByText('protected')).toBeNull();
    expect(signinRedirect).toHaveBeenCalledTimes(1);
    expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/publishedFiles?sort=title' } });
  });

  test('a visitor at the root goes to the home path after sign-in', async () => {
    renderWithShell(<LoginGate>protected</LoginGate>, { path: '/', session: auth({}) });
    await screen.findByText('Redirecting to sign in…');
    expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/submittedFiles' } });
  });

  test('lets a signed-in user through', async () => {
    renderWithShell(
      <LoginGate>
        <p>protected</p>
      </LoginGate>,
      { session: auth({ isAuthenticated: true }) },
    );
    expect(await screen.findByText('protected')).toBeInTheDocument();
    expect(signinRedirect).not.toHaveBeenCalled();
  });
});
