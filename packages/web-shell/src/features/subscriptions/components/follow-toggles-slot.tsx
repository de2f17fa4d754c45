import { BellOutlined } from '@ant-design/icons';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import './subscriptions.css';

/**
 * "Follow this folder" and "Follow this site" (follow-toggles.tsx), in a chunk of their own (decision 75): only
 * sites with `fileAreaManageEmailSubscription` on show them. Until the chunk is there, the same section says what
 * its own loading state says, so the page does not move when the switches come.
 */
export const FollowToggles = lazyPart(
  () => import('./follow-toggles.tsx'),
  'FollowToggles',
  <section className="portico-follow" aria-label="E-mails about new files" data-testid="follow-toggles">
    <BellOutlined aria-hidden />
    <span className="portico-follow-hint">Loading what you follow…</span>
  </section>,
);
