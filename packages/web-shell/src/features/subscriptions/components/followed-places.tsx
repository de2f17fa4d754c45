import { describeQueryError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectTenant } from '../../../store/selectors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { useDeleteSubscriptionMutation, useGetMySubscriptionsQuery } from '../api/subscriptions.ts';
import './subscriptions.css';

/**
 * The folders and sites the signed-in person follows in this firm, each with "Unfollow" (the Notifications page,
 * decision 59). Following starts on a file page ("Follow this folder", "Follow this site").
 */
export function FollowedPlaces() {
  const tenant = useShellSelector(selectTenant) ?? '';
  const token = useShellSelector(selectAccessToken);
  const list = useGetMySubscriptionsQuery({ tenant }, { skip: !tenant || !token });
  const [unfollow, ending] = useDeleteSubscriptionMutation();
  const records = list.currentData?.records;

  const end = (id: string) =>
    unfollow({ id })
      .unwrap()
      .then(() => notify.success('You no longer follow it.'))
      .catch((error: unknown) => notify.error('It was not unfollowed', describeQueryError(error)));

  return (
    <section className="portico-stack" aria-labelledby="followed-heading" data-testid="followed-places">
      <h2 id="followed-heading" className="portico-followed-heading">
        Folders and sites you follow
      </h2>
      <p className="portico-follow-hint">
        You get an e-mail about new and updated files in each. Follow a folder or a site from its files page.
      </p>
      {list.error ? (
        <Notice tone="error" title="What you follow could not be loaded">
          {describeQueryError(list.error)}
        </Notice>
      ) : !records ? (
        <Skeleton rows={2} label="Loading what you follow…" />
      ) : records.length === 0 ? (
        <p data-testid="followed-empty">You follow no folder or site.</p>
      ) : (
        <ul className="portico-followed-list">
          {records.map((place) => (
            <li key={place.id} className="portico-followed-row" data-testid="followed-place">
              <span className="portico-followed-name">
                <strong>{place.folderName ?? 'Whole site'}</strong>
                <span className="portico-follow-hint">
                  {place.siteName} · since {place.createdAt.slice(0, 10)}
                </span>
              </span>
              <Button
                size="small"
                loading={ending.isLoading && ending.originalArgs?.id === place.id}
                aria-label={`Unfollow ${place.folderName ?? 'the whole site'} (${place.siteName})`}
                onClick={() => void end(place.id)}
              >
                Unfollow
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
