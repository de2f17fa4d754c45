import { useEffect } from 'react';

/** Shows the tenant icon as the favicon (SPEC §2) and puts the app's own back when there is none. */
export function useFavicon(href: string | undefined) {
  useEffect(() => {
    const link =
      document.querySelector<HTMLLinkElement>('link[rel~="icon"]') ??
      Object.assign(document.createElement('link'), { rel: 'icon' });
    if (!link.isConnected) document.head.appendChild(link);
    if (!link.dataset.defaultHref) link.dataset.defaultHref = link.getAttribute('href') ?? '';
    const defaultHref = link.dataset.defaultHref;
    const defaultType = link.type;
    if (href) {
      link.href = href;
      link.type = href.startsWith('data:image/png') ? 'image/png' : '';
    }
    return () => {
      link.href = defaultHref;
      link.type = defaultType;
    };
  }, [href]);
}
