import { describeQueryError } from '../../../lib/http-errors.ts';
import { Notice } from '../../../ui/notice.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { useGetSiteFollowersQuery } from '../api/subscriptions.ts';
import './subscriptions.css';

/** The control panel's read-only list of who follows what in a site (decision 59). */
export function SiteFollowers({ siteId }: { siteId: string }) {
  const list = useGetSiteFollowersQuery({ siteId });
  const records = list.currentData?.records;
  return (
    <section className="portico-stack" aria-labelledby="site-followers-heading" data-testid="site-followers">
      <h3 id="site-followers-heading" className="portico-followed-heading">
        Who follows what
      </h3>
      {list.error ? (
        <Notice tone="error" title="The followers could not be loaded">
          {describeQueryError(list.error)}
        </Notice>
      ) : !records ? (
        <Skeleton rows={2} label="Loading the followers…" />
      ) : records.length === 0 ? (
        <p className="portico-follow-hint">Nobody follows a folder of this site or the site itself.</p>
      ) : (
        <ul className="portico-followed-list">
          {records.map((r) => (
            <li key={r.id} className="portico-followed-row" data-testid="site-follower">
              <span className="portico-followed-name">
                <strong>{r.user.name || r.user.email}</strong>
                <span className="portico-follow-hint">{r.user.email}</span>
              </span>
              <span className="portico-followed-name">
                {r.folderId ? `Folder: ${r.folderName ?? ''}` : 'The whole site'}
                <span className="portico-follow-hint">since {r.createdAt.slice(0, 10)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
