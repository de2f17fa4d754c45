import { LogoutOutlined, SwapOutlined } from '@ant-design/icons';
import {
  type AccessDeniedProps,
  Button,
  Result,
  selectTenantContext,
  useShellSelector,
} from '@portico/web-shell';

/** Where clients go instead: the portal, served at the origin's root. */
export const PORTAL_HREF = '/';

/**
 * What a client who signs in to the control panel sees (the server refused them the staff menu): who they are,
 * that the console is for the firm's staff, and the way to the portal. No error toast, no retry loop.
 */
export function NotAllowedPage({ userName, tenantSwitcher, onLogout }: AccessDeniedProps) {
  const firm = useShellSelector(selectTenantContext)?.tenantDisplayName || 'this firm';
  return (
    <main className="portico-centered-page" data-testid="not-allowed">
      <div style={{ width: '100%', maxWidth: 600, background: '#FFFFFF', borderRadius: 8 }}>
        <Result
          status="403"
          title={
            <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>This console is for the firm's staff</h1>
          }
          subTitle={
            <span className="portico-stack" style={{ gap: 8, color: '#595959' }}>
              <span>
                {userName ? (
                  <>
                    You are signed in as <strong>{userName}</strong>, who is not on the staff of {firm}.
                  </>
                ) : (
                  <>Your account is not on the staff of {firm}.</>
                )}
              </span>
              <span>Clients exchange documents with the firm in the portal.</span>
            </span>
          }
          extra={
            <div className="portico-stack" style={{ alignItems: 'center' }}>
              <div className="portico-row" style={{ gap: 12, justifyContent: 'center' }}>
                <a className="portico-btn portico-btn--primary" href={PORTAL_HREF} data-testid="go-to-portal">
                  Go to the portal
                </a>
                <Button icon={<LogoutOutlined aria-hidden />} onClick={onLogout}>
                  Log out
                </Button>
              </div>
              {tenantSwitcher ? (
                <div className="portico-row" style={{ justifyContent: 'center' }}>
                  <SwapOutlined aria-hidden />
                  <span>Staff of another firm? Switch to it:</span>
                  {tenantSwitcher}
                </div>
              ) : null}
            </div>
          }
        />
      </div>
    </main>
  );
}
