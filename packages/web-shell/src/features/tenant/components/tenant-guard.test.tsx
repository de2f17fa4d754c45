import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setTenant } from '../../../store/app-slice.ts';
import { authStateChanged } from '../../../store/client-state-slice.ts';
import { fakeJwt } from '../../../testing/fixtures.ts';
import { renderWithShell } from '../../../testing/render-with-shell.tsx';
import { TenantGuard } from './tenant-guard.tsx';

const contexts = [
  { tenantCode: 'acme', tenantDisplayName: 'Acme Accounting', tenantIcon: '' },
  { tenantCode: 'globex', tenantDisplayName: 'Globex Legal', tenantIcon: '' },
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(contexts)),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderGuard(tenants: string[], stored?: string) {
  const view = renderWithShell(
    <TenantGuard onLogout={() => undefined}>
      <p>the workspace</p>
    </TenantGuard>,
  );
  act(() => {
    if (stored) view.store.dispatch(setTenant(stored));
    view.store.dispatch(
      authStateChanged({
        isAuthenticated: true,
        idToken: 'id',
        accessToken: fakeJwt({ tid: tenants }),
        refreshToken: null,
        error: null,
      }),
    );
  });
  return view;
}

describe('the tenant guard', () => {
  test('opens the firm and site a link from a mail names, once, if the token lists the firm', async () => {
    const site = '0b7c6c1e-7a1f-4f3e-9d7c-2d3f4a5b6c7d';
    window.history.pushState({}, '', `/publishedFiles?site=${site}&tenant=globex`);
    try {
      const { store } = renderGuard(['acme', 'globex'], 'acme');
      await waitFor(() => expect(store.getState().app.tenant).toBe('globex'));
      expect(store.getState().app.selectedSite).toBe(site);
      expect(await screen.findByText('the workspace')).toBeInTheDocument();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  test('ignores a link to a firm the token does not list', async () => {
    window.history.pushState({}, '', '/publishedFiles?tenant=initech');
    try {
      const { store } = renderGuard(['acme', 'globex'], 'acme');
      expect(await screen.findByText('the workspace')).toBeInTheDocument();
      expect(store.getState().app.tenant).toBe('acme');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  test('selects the only tenant by itself', async () => {
    const { store } = renderGuard(['acme']);
    expect(await screen.findByText('the workspace')).toBeInTheDocument();
    expect(store.getState().app.tenant).toBe('acme');
    expect(localStorage.getItem('portico.test.tenant')).toBe('acme');
  });

  test('shows the tenant selection screen for several tenants; Done waits for a choice', async () => {
    const { store } = renderGuard(['acme', 'globex']);
    expect(await screen.findByRole('heading', { name: 'Select the tenant' })).toBeInTheDocument();
    expect(screen.getByText('Select a tenant')).toBeInTheDocument();
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();

    // The options carry the display names from GetTenantContexts.
    const combobox = screen.getByRole('combobox', { name: 'Tenant' });
    await screen.findByRole('option', { name: 'Globex Legal' });
    await userEvent.selectOptions(combobox, 'Globex Legal');
    await waitFor(() => expect(done).toBeEnabled());
    await userEvent.click(done);

    expect(store.getState().app.tenant).toBe('globex');
    expect(await screen.findByText('the workspace')).toBeInTheDocument();
  });

  test('clears a stored tenant the token does not list, then asks again', async () => {
    const { store } = renderGuard(['acme', 'globex'], 'initech');
    expect(await screen.findByRole('heading', { name: 'Select the tenant' })).toBeInTheDocument();
    expect(store.getState().app.tenant).toBeNull();
  });

  test('keeps a stored tenant the token lists', async () => {
    const { store } = renderGuard(['acme', 'globex'], 'globex');
    expect(await screen.findByText('the workspace')).toBeInTheDocument();
    expect(store.getState().app.tenant).toBe('globex');
  });

  test('a token without tenants says so and offers logout', async () => {
    renderGuard([]);
    expect(await screen.findByText('No firm has given you access yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
