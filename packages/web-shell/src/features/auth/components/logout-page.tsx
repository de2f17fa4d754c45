import { LogoutOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { Navigate } from 'react-router';
import { CenteredPage } from '../../../components/centered-page.tsx';
import { useShell } from '../../../shell/shell-context.tsx';
import { useSignIn } from '../hooks/use-sign-in.ts';

/** `/logout` (SPEC §2): the logged-out page; an authenticated visitor goes to `/`. */
export function LogoutPage() {
  const auth = useAuth();
  const signIn = useSignIn();
  const { descriptor } = useShell();
  const [busy, setBusy] = useState(false);

  if (auth.isAuthenticated) return <Navigate to="/" replace />;
  return (
    <CenteredPage>
      <Card>
        <Flex vertical align="center" gap={16} style={{ textAlign: 'center' }}>
          <LogoutOutlined aria-hidden style={{ fontSize: 40, color: '#2F7F90' }} />
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            You have been logged out !
          </Typography.Title>
          <Button
            type="primary"
            size="large"
            loading={busy}
            onClick={() => {
              setBusy(true);
              signIn(descriptor.homePath).catch(() => setBusy(false));
            }}
          >
            Login
          </Button>
        </Flex>
      </Card>
    </CenteredPage>
  );
}
