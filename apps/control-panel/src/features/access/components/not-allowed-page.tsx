import { LogoutOutlined, SwapOutlined } from '@ant-design/icons';
import { type AccessDeniedProps, selectTenantContext, useShellSelector } from '@portico/web-shell';
import { Button, Flex, Result, Typography } from 'antd';

/** Where clients go instead: the portal, served at the origin's root. */
export const PORTAL_HREF = '/';

/**
 * What a client who signs in to the control panel sees (the server refused them the staff menu): who they are,
 * that the console is for the firm's staff, and the way to the portal. No error toast, no retry loop.
 */
export function NotAllowedPage({ userName, tenantSwitcher, onLogout }: AccessDeniedProps) {
  const firm = useShellSelector(selectTenantContext)?.tenantDisplayName || 'this firm';
  return (
    <Flex
      component="main"
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16, boxSizing: 'border-box', background: '#F5F7F8' }}
      data-testid="not-allowed"
    >
      <div style={{ width: '100%', maxWidth: 600, background: '#FFFFFF', borderRadius: 8 }}>
        <Result
          status="403"
          title={
            <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
              This console is for the firm's staff
            </Typography.Title>
          }
          subTitle={
            <Flex vertical gap={8} style={{ color: '#595959' }}>
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
            </Flex>
          }
          extra={
            <Flex vertical align="center" gap={16}>
              <Flex gap={12} wrap justify="center">
                <Button type="primary" href={PORTAL_HREF} data-testid="go-to-portal">
                  Go to the portal
                </Button>
                <Button icon={<LogoutOutlined aria-hidden />} onClick={onLogout}>
                  Log out
                </Button>
              </Flex>
              {tenantSwitcher ? (
                <Flex align="center" gap={8} wrap justify="center">
                  <SwapOutlined aria-hidden />
                  <span>Staff of another firm? Switch to it:</span>
                  {tenantSwitcher}
                </Flex>
              ) : null}
            </Flex>
          }
        />
      </div>
    </Flex>
  );
}
