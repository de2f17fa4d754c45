import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { visiblePages } from '../features/layout/menu-model.ts';
import { useShell } from '../shell/shell-context.tsx';
import { useShellSelector } from '../store/hooks.ts';
import { selectMenuItems } from '../store/selectors.ts';
import { Result } from '../ui/result.tsx';

/** The root path inside the workspace: the app's home page when the menu has it, else the first visible one. */
export function HomeRedirect() {
  const { descriptor } = useShell();
  const pages = visiblePages(useShellSelector(selectMenuItems), descriptor.pages);
  const home = pages.find((p) => `/${p.path}` === descriptor.homePath) ?? pages[0];
  if (!home)
    return (
      <Result
        status="info"
        title="Nothing to show yet"
        subTitle="No modules are enabled for you in this tenant. Please contact the system administrator."
      />
    );
  return <Navigate to={`/${home.path}`} replace />;
}

/** A page opens only when the server menu returned its key (SPEC §6); a deep link to another one says so. */
export function MenuKeyGate({ menuKey, children }: { menuKey: string; children: ReactNode }) {
  const { descriptor } = useShell();
  const pages = visiblePages(useShellSelector(selectMenuItems), descriptor.pages);
  if (pages.some((p) => p.menuKey === menuKey)) return children;
  return (
    <Result
      status="403"
      title="This module is not available"
      subTitle="Your firm has not enabled this module for you."
      data-testid="module-unavailable"
    />
  );
}
