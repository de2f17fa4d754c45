import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';
import { CenteredPage } from '../../../components/centered-page.tsx';
import { Result } from '../../../ui/result.tsx';

/** The referrer when it is a page of this site, for the "previous page" link's address. */
function sameOriginReferrer(): string | undefined {
  try {
    const referrer = document.referrer ? new URL(document.referrer) : undefined;
    return referrer && referrer.origin === window.location.origin ? referrer.href : undefined;
  } catch {
    return undefined;
  }
}

/** `/page-not-found` (SPEC §2): links to the previous page and to the dashboard. */
export function NotFoundPage() {
  const navigate = useNavigate();
  const homeHref = useHref('/');
  const follow = (action: () => void) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    action();
  };
  return (
    <CenteredPage>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>This link has no power here</h1>}
        subTitle="The page you asked for does not exist or has moved."
        extra={
          <>
            <a
              className="portico-btn portico-btn--default"
              href={sameOriginReferrer() ?? homeHref}
              onClick={follow(() => (window.history.length > 1 ? navigate(-1) : navigate('/')))}
            >
              <ArrowLeftOutlined aria-hidden />
              Previous page
            </a>
            <a
              className="portico-btn portico-btn--primary"
              href={homeHref}
              onClick={follow(() => navigate('/'))}
            >
              <HomeOutlined aria-hidden />
              Dashboard
            </a>
          </>
        }
      />
    </CenteredPage>
  );
}
