import { setApiError, setTenant, setTenantContext } from '@portico/web-shell';
import { renderWithShell } from '@portico/web-shell/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { watchStaffRefusal } from '../../../api/control-panel-api.ts';
import { controlPanelDescriptor } from '../../../app/control-panel-descriptor.tsx';
import { isStaffRefusal, STAFF_REFUSAL_CODES } from '../../../lib/staff-only.ts';
import { NotAllowedPage, PORTAL_HREF } from './not-allowed-page.tsx';

const staffOnly = { code: 'auth.staff_only', message: "Only the firm's staff may use it.", status: 403 };

/** What `queryFulfilled` rejects with when the server answers an error body. */
const rejected = (code: string, status = 403) =>
  Promise.reject({ error: { status, data: { error: { code, message: 'refused' } } } });

describe('the staff-only guard', () => {
  test("the server's refusals of non-staff are told apart from other failures", () => {
    expect(STAFF_REFUSAL_CODES).toEqual(['auth.staff_only', 'auth.forbidden']);
    expect(isStaffRefusal(staffOnly)).toBe(true);
    expect(isStaffRefusal({ code: 'auth.forbidden', message: 'staff menu' })).toBe(true);
    for (const code of ['auth.tenant_forbidden', 'settings.forbidden', 'FETCH_ERROR', 'HTTP_500'])
      expect(isStaffRefusal({ code, message: 'x' })).toBe(false);
    expect(isStaffRefusal(null)).toBe(false);
  });

  test('the descriptor hands those refusals to the not-allowed page instead of the error toast', () => {
    expect(controlPanelDescriptor.accessDenied).toEqual({ codes: STAFF_REFUSAL_CODES, page: NotAllowedPage });
  });

  test('a staff call refused mid-session puts the refusal in the app state; other failures do not', async () => {
    const dispatch = vi.fn();
    await watchStaffRefusal(undefined, { dispatch, queryFulfilled: rejected('auth.staff_only') });
    expect(dispatch).toHaveBeenCalledWith(
      setApiError({ code: 'auth.staff_only', message: 'refused', status: 403 }),
    );

    dispatch.mockClear();
    await watchStaffRefusal(undefined, { dispatch, queryFulfilled: rejected('sites.not_found', 404) });
    await watchStaffRefusal(undefined, { dispatch, queryFulfilled: Promise.resolve({ data: {} }) });
    expect(dispatch).not.toHaveBeenCalled();
  });
});

describe('the not-allowed page', () => {
  test('says the console is for staff, names the person and the firm, and links to the portal', async () => {
    const onLogout = vi.fn();
    const { store } = renderWithShell(
      <NotAllowedPage error={staffOnly} userName="Bob Baker" onLogout={onLogout} />,
    );
    store.dispatch(setTenant('acme'));
    store.dispatch(
      setTenantContext({ tenantCode: 'acme', tenantDisplayName: 'Acme Accounting', tenantIcon: '' }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: "This console is for the firm's staff" }),
    ).toBeVisible();
    expect(await screen.findByText(/who is not on the staff of Acme Accounting/)).toBeVisible();
    expect(screen.getByText('Bob Baker')).toBeVisible();
    const portal = screen.getByRole('link', { name: 'Go to the portal' });
    expect(portal).toHaveAttribute('href', PORTAL_HREF);
    expect(PORTAL_HREF).toBe('/');

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  test('offers the tenant dropdown when the shell passes one', () => {
    renderWithShell(
      <NotAllowedPage
        error={staffOnly}
        userName="Alice Smith"
        onLogout={vi.fn()}
        tenantSwitcher={<select aria-label="Tenant" />}
      />,
    );
    expect(screen.getByText('Staff of another firm? Switch to it:')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Tenant' })).toBeInTheDocument();
  });
});
