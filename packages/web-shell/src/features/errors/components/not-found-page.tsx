import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';
import { CenteredPage } from '../../../components/centered-page.tsx';

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
        extra={[
          <Button
            key="back"
            href={sameOriginReferrer() ?? homeHref}
            icon={<ArrowLeftOutlined aria-hidden />}
            onClick={follow(() => (window.history.length > 1 ? navigate(-1) : navigate('/')))}
          >
            Previous page
          </Button>,
          <Button
            key="home"
            type="primary"
            href={homeHref}
            icon={<HomeOutlined aria-hidden />}
            onClick={follow(() => navigate('/'))}
          >
            Dashboard
          </Button>,
        ]}
      />
    </CenteredPage>
  );
}
