import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { BREADCRUMB_HOME_COLOR } from '../../../lib/branding.ts';
import type { Crumb } from '../breadcrumbs.ts';

/** A home icon in #2F7F90, then the crumbs; the last one is the current page (SPEC §2). */
export function BreadcrumbBar({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" style={{ padding: '12px 24px 0' }} data-testid="breadcrumb-bar">
      <Breadcrumb
        items={[
          {
            key: 'home',
            title: (
              <Link to="/" aria-label="Home" style={{ display: 'inline-flex', padding: 2 }}>
                <HomeOutlined
                  style={{ color: BREADCRUMB_HOME_COLOR, fontSize: 16 }}
                  data-testid="breadcrumb-home"
                />
              </Link>
            ),
          },
          ...crumbs.map((crumb) => ({
            key: crumb.key,
            title: crumb.path ? (
              <span>{crumb.title}</span>
            ) : (
              <span aria-current="page" data-testid="breadcrumb-current">
                {crumb.title}
              </span>
            ),
          })),
        ]}
      />
    </nav>
  );
}
