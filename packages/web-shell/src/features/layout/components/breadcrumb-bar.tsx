import { HomeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { BREADCRUMB_HOME_COLOR } from '../../../lib/branding.ts';
import type { Crumb } from '../breadcrumbs.ts';

/** A home icon in #2F7F90, then the crumbs; the last one is the current page (SPEC §2). */
export function BreadcrumbBar({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="portico-breadcrumb" data-testid="breadcrumb-bar">
      <ol>
        <li>
          <Link to="/" aria-label="Home" className="portico-breadcrumb__home">
            <HomeOutlined
              style={{ color: BREADCRUMB_HOME_COLOR, fontSize: 16 }}
              data-testid="breadcrumb-home"
            />
          </Link>
        </li>
        {crumbs.map((crumb) => (
          <li key={crumb.key}>
            {crumb.path ? (
              <span>{crumb.title}</span>
            ) : (
              <span aria-current="page" data-testid="breadcrumb-current">
                {crumb.title}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
