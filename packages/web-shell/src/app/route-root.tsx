import { Outlet } from 'react-router';
import { useBranding } from '../features/branding/components/branding-provider.tsx';
import { useDocumentTitle } from './hooks/use-document-title.ts';

/** The pathless root of every route: names the document after the page and the firm (or the product). */
export function RouteRoot() {
  const branding = useBranding();
  useDocumentTitle(branding.name);
  return <Outlet />;
}
