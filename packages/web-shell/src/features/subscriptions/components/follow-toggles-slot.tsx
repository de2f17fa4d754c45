import { BellOutlined } from '@ant-design/icons';
import { LIMITS } from '@portico/contracts';
import { Suspense } from 'react';
import { preloadable } from '../../../app/preloadable.tsx';
import type { FollowTogglesProps } from './follow-toggles.tsx';
import './subscriptions.css';

const Toggles = preloadable<FollowTogglesProps>(
  () => import('./follow-toggles.tsx').then((m) => ({ default: m.FollowToggles })),
  LIMITS.chunkLoadTimeoutMs,
);

/**
 * "Follow this folder" and "Follow this site" (follow-toggles.tsx), in a chunk of their own (decision 75): only
 * sites with `fileAreaManageEmailSubscription` on show them. Until the chunk is there, the same section says what
 * its own loading state says, so the page does not move when the switches come.
 */
export function FollowToggles(props: FollowTogglesProps) {
  return (
    <Suspense
      fallback={
        <section className="portico-follow" aria-label="E-mails about new files" data-testid="follow-toggles">
          <BellOutlined aria-hidden />
          <span className="portico-follow-hint">Loading what you follow…</span>
        </section>
      }
    >
      <Toggles.Component {...props} />
    </Suspense>
  );
}
