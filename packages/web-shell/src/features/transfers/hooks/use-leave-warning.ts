import { App } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `active` (files uploading, or uploaded and not yet saved or published), leaving the page asks first: the
 * browser's own prompt on reload, close or another address, and a dialog on a move inside the app (issue 19:
 * nothing is lost silently). `what` says what would be lost, e.g. "2 files are not published yet."
 */
export function useLeaveWarning(active: boolean, what: string) {
  const { modal } = App.useApp();
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium still wants returnValue set; the text itself is the browser's.
      event.returnValue = '';
    };
    globalThis.addEventListener('beforeunload', warn);
    return () => globalThis.removeEventListener('beforeunload', warn);
  }, [active]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: 'Leave this page?',
      content: what,
      okText: 'Leave',
      cancelText: 'Stay',
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
  }, [blocker, modal, what]);
}
