import { lazyPart } from '../../../ui/lazy-part.tsx';

/**
 * Client publishing's panel of the "More" dialog (issue 27 item 9; dialogs/client-publish-panel.tsx), loaded when
 * first drawn.
 */
export const ClientPublishPanel = lazyPart(() => import('../dialogs/client-publish-panel.tsx'));
