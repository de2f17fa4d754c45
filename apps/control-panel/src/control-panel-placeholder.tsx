import { APP_VERSION } from '@portico/contracts';

/** Stands in for the firm console until its own work lands; says what is coming and where to go now. */
export function ControlPanelPlaceholder() {
  return (
    <main className="placeholder">
      <section className="placeholder__card" aria-labelledby="placeholder-title">
        <p className="placeholder__brand" aria-hidden="true">
          P
        </p>
        <h1 id="placeholder-title">Portico control panel</h1>
        <p className="placeholder__version">Version {APP_VERSION}</p>
        <p>
          The console where a firm manages its clients, sites and documents is coming soon. Until then,
          clients and staff can sign in to the portal.
        </p>
        <a className="placeholder__link" href="/">
          Go to the portal
        </a>
      </section>
    </main>
  );
}
