import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

/** Start-up failed (bad /config.json, discovery unreachable, invalid issuer): say what, never a blank page. */
export function SetupErrorScreen({ message, details }: { message: string; details: string[] }) {
  return (
    <main className="portico-centered-page">
      <div className="portico-stack" style={{ maxWidth: 640 }} data-testid="setup-error">
        <h1 style={{ fontSize: 24, margin: 0 }}>The portal cannot start</h1>
        <Notice tone="error" title={message}>
          {details.length > 0 ? (
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : undefined}
        </Notice>
        <p style={{ margin: 0 }}>
          This is a problem with how the portal is set up, not with your account. Please contact the system
          administrator.
        </p>
        <div>
          <Button variant="primary" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </div>
      </div>
    </main>
  );
}
