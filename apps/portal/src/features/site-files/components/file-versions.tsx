import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { VersionRequest, VersionTarget } from './version-upload-list.tsx';

const VersionUploadList = lazy(() => import('./version-upload-list.tsx'));

/**
 * "Upload a new version" of a file row (decision 49): `choose(file)` opens the file chooser; what is chosen uploads
 * in `element`, shown above the list while it runs and once it is done (see version-upload-list.tsx).
 */
export function useVersionUploads(siteId: string | null | undefined) {
  const input = useRef<HTMLInputElement>(null);
  const choosing = useRef<VersionTarget | undefined>(undefined);
  const [requests, setRequests] = useState<VersionRequest[]>([]);

  const choose = useCallback((target: VersionTarget) => {
    choosing.current = target;
    input.current?.click();
  }, []);

  const element = (
    <>
      <input
        ref={input}
        type="file"
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="version-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          const target = choosing.current;
          event.target.value = '';
          if (!file || !target) return;
          setRequests((list) => [...list, { key: Date.now() + list.length, file, target }]);
        }}
      />
      {requests.length > 0 ? (
        <Suspense fallback={null}>
          <VersionUploadList siteId={siteId} requests={requests} />
        </Suspense>
      ) : null}
    </>
  );
  return { choose, element };
}
