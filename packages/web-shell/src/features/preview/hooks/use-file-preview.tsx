import { type ReactNode, useCallback } from 'react';
import { resolveServiceBaseUrl, serviceUrl } from '../../../api/endpoints.ts';
import { shellApi } from '../../../api/shell-api.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useShellDispatch, useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectEndPoints } from '../../../store/selectors.ts';
import { AntdScope } from '../../../ui/antd-scope.tsx';
import { lazyWithTimeout } from '../../errors/lazy-with-timeout.ts';
import { type FilePreviewTarget, type PreviewFile, previewKindOf } from '../preview-kinds.ts';

// The viewer (and, inside it, pdf.js) is a chunk of its own, fetched the first time a preview opens, with antd's
// theme (the list that opens it may be drawn without antd).
const FilePreviewDialog = lazyWithTimeout(() => import('../components/file-preview-dialog.tsx'));

export interface UseFilePreviewOptions {
  /** The viewer's Download button; left out where the site does not allow downloads. */
  onDownload?: (file: PreviewFile) => void;
  isDownloading?: (id: string) => boolean;
}

/**
 * One list's previews: `open(file)` shows it in the viewer (`element`, rendered anywhere in the list's page);
 * closing returns the focus to what opened it. `canPreview` says which rows offer it (PDFs and images).
 */
export function useFilePreview(target: FilePreviewTarget, options: UseFilePreviewOptions = {}) {
  const endPoints = useShellSelector(selectEndPoints);
  const accessToken = useShellSelector(selectAccessToken);
  const dispatch = useShellDispatch();
  const { target: file, open, close } = useDialogTarget<PreviewFile>();
  const { service, previewUrl, invalidates } = target;
  const { onDownload, isDownloading } = options;

  // The server wrote its `file.preview` event before the first byte: the New marker and the badge are read again.
  const onOpened = useCallback(() => {
    if (invalidates?.length) dispatch(shellApi.util.invalidateTags([...invalidates]));
  }, [dispatch, invalidates]);

  // Previews refused by the site's settings: its settings are read again, so the rows stop offering them.
  const onRefused = useCallback(() => dispatch(shellApi.util.invalidateTags(['Sites'])), [dispatch]);

  const base = resolveServiceBaseUrl(endPoints, service);
  const kind = file ? previewKindOf(file) : undefined;
  let element: ReactNode = null;
  if (file && kind) {
    element = (
      <AntdScope>
        <FilePreviewDialog
          key={file.id}
          file={file}
          kind={kind}
          url={base ? serviceUrl(base, previewUrl(file.id)) : undefined}
          accessToken={accessToken}
          onClose={close}
          onOpened={onOpened}
          onRefused={onRefused}
          onDownload={onDownload ? () => onDownload(file) : undefined}
          downloading={isDownloading?.(file.id) ?? false}
        />
      </AntdScope>
    );
  }

  return {
    open,
    element,
    canPreview: (row: Pick<PreviewFile, 'contentType' | 'size'>) => previewKindOf(row) !== undefined,
  };
}
