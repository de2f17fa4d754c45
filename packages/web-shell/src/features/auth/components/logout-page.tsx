import { LogoutOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { CenteredPage } from '../../../components/centered-page.tsx';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { useAuth } from '../hooks/use-auth.ts';
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
      <div
        className="portico-card portico-card__body portico-stack"
        style={{ alignItems: 'center', textAlign: 'center' }}
      >
        <LogoutOutlined aria-hidden style={{ fontSize: 40, color: '#2F7F90' }} />
        <h1 style={{ fontSize: 22, margin: 0 }}>You have been logged out !</h1>
        <Button
          variant="primary"
          className="portico-btn--large"
          loading={busy}
          onClick={() => {
            setBusy(true);
            signIn(descriptor.homePath).catch(() => setBusy(false));
          }}
        >
          Login
        </Button>
      </div>
    </CenteredPage>
  );
}
