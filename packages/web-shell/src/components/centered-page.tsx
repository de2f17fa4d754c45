import type { ReactNode } from 'react';

/** A page outside the master layout (sign-in, tenant selection, errors): one landmark, centred content. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <main className="portico-centered-page">
      <div>{children}</div>
    </main>
  );
}
