import { BellOutlined } from '@ant-design/icons';
import type { Subscriptions } from '@portico/contracts';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { Switch } from '../../../ui/switch.tsx';
import { useGetSubscriptionsQuery, usePutSubscriptionsMutation } from '../api/subscriptions.ts';

export interface FollowTogglesProps {
  siteId: string;
  /** The folder shown; null: the site's root, where only the whole site can be followed. */
  folderId: string | null;
}

/**
 * "Follow this folder" and "Follow this site" on a file page (decision 59): mails about new and updated files
 * there, batched, each with a one-click unsubscribe link. Shown only while the site's
 * `fileAreaManageEmailSubscription` is on; the server checks the same flag.
 */
export function FollowToggles({ siteId, folderId }: FollowTogglesProps) {
  const subscriptions = useGetSubscriptionsQuery({ siteId });
  const [save, saving] = usePutSubscriptionsMutation();
  const state = subscriptions.currentData;

  const change = (next: Subscriptions, message: string) =>
    save({ siteId, body: next })
      .unwrap()
      .then(() => notify.success(message))
      .catch((error: unknown) => notify.error('The change was not saved', describeQueryError(error)));

  if (subscriptions.error) {
    return (
      <Notice tone="error" title="What you follow could not be loaded" data-testid="follow-error">
        {describeQueryError(subscriptions.error)}
      </Notice>
    );
  }
  const followsFolder = Boolean(folderId && state?.folderIds.includes(folderId));
  return (
    <section className="portico-follow" aria-label="E-mails about new files" data-testid="follow-toggles">
      <BellOutlined aria-hidden />
      {!state ? (
        <span className="portico-follow-hint">Loading what you follow…</span>
      ) : (
        <>
          {folderId ? (
            <span className="portico-follow-toggle">
              <Switch
                id="follow-folder"
                checked={followsFolder}
                disabled={saving.isLoading}
                data-testid="follow-folder"
                onChange={(on) =>
                  void change(
                    {
                      wholeSite: state.wholeSite,
                      folderIds: on
                        ? [...state.folderIds, folderId]
                        : state.folderIds.filter((id) => id !== folderId),
                    },
                    on
                      ? 'You follow this folder: new and updated files here come by e-mail.'
                      : 'You no longer follow this folder.',
                  )
                }
              />
              <label htmlFor="follow-folder">Follow this folder</label>
            </span>
          ) : null}
          <span className="portico-follow-toggle">
            <Switch
              id="follow-site"
              checked={state.wholeSite}
              disabled={saving.isLoading}
              data-testid="follow-site"
              onChange={(on) =>
                void change(
                  { wholeSite: on, folderIds: state.folderIds },
                  on
                    ? 'You follow this site: new and updated files anywhere in it come by e-mail.'
                    : 'You no longer follow this site.',
                )
              }
            />
            <label htmlFor="follow-site">Follow this site</label>
          </span>
          <span className="portico-follow-hint">
            E-mails about new and updated files, a few minutes apart.
          </span>
        </>
      )}
    </section>
  );
}
