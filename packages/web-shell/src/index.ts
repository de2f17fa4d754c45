import './ui/ui.css';
import './styles.css';

export type { ServiceRequest, ShellExtra } from './api/base-query.ts';
export { resolveServiceBaseUrl, serviceUrl, toEndPoints } from './api/endpoints.ts';
export { LIVE_LIST } from './api/live-list.ts';
export { shellApi } from './api/shell-api.ts';
export { createRoutes } from './app/create-routes.tsx';
export { WebShell } from './app/web-shell.tsx';
export { PageSpinner } from './components/page-spinner.tsx';
export { VisuallyHidden } from './components/visually-hidden.tsx';
export * from './features/assignments/index.ts';
export { useBranding } from './features/branding/components/branding-provider.tsx';
export * from './features/categories-projects/index.ts';
export {
  useCopyFileMutation,
  useDeleteFileMutation,
  useUpdateFileMutation,
} from './features/file-actions/api/file-actions.ts';
export {
  anyFileAction,
  type FileActionCommand,
  type FileActionPanel,
  FileActions,
  type FileActionsAllowed,
  type FileActionTarget,
  suggestedNameOf,
} from './features/file-actions/components/file-actions.tsx';
export * from './features/file-classification/index.ts';
export * from './features/file-details/index.ts';
export * from './features/file-statuses/index.ts';
export * from './features/file-tags/index.ts';
export { useFileVersionsView } from './features/file-versions/hooks/use-file-versions-view.tsx';
export {
  useCreateFolderMutation,
  useDeleteFolderMutation,
  useGetFoldersQuery,
  useUpdateFolderMutation,
} from './features/folders/api/folders.ts';
export { FolderBrowser, type FolderBrowserProps } from './features/folders/components/folder-browser.tsx';
export { FolderSelect } from './features/folders/components/folder-select.tsx';
export { folderOptions, folderPath, folderTree } from './features/folders/folder-tree.ts';
export { folderSearch, useFolderParam } from './features/folders/hooks/use-folder-param.ts';
export { useCurrentPersonId } from './features/layout/api/get-current-person.ts';
export { buildNavItems, type NavItem, visiblePages } from './features/layout/menu-model.ts';
export { actionsColumn, dateColumn, titleColumn } from './features/lists/columns.tsx';
export { ChoiceFilter } from './features/lists/components/choice-filter.tsx';
export { ListEmpty } from './features/lists/components/list-empty.tsx';
export { ListFilterBar } from './features/lists/components/list-filter-bar.tsx';
export { type ListResult, type ListSelection, ListTable } from './features/lists/components/list-table.tsx';
export { QueryErrorAlert } from './features/lists/components/query-error-alert.tsx';
export { useListSelection } from './features/lists/hooks/use-list-selection.ts';
export { useListState } from './features/lists/hooks/use-list-state.ts';
export type { ListColumn, ListColumns } from './features/lists/list-column.ts';
export { type ColumnSort, type ListQuery, PAGE_SIZES, sortableColumn } from './features/lists/list-query.ts';
export * from './features/publish-and-bulk/index.ts';
export { useOpenRequestItemCount } from './features/requests/api/get-open-request-item-count.ts';
export {
  useEmailFilesMutation,
  useGetShareLinksQuery,
  useRevokeShareLinkMutation,
} from './features/share-links/api/share-links.ts';
export { EmailFilesButton } from './features/share-links/components/email-files-button.tsx';
export { UrlUpload } from './features/share-links/components/url-upload.tsx';
export { useGetPublishedFileCountQuery } from './features/sites/api/get-published-file-count.ts';
export { FIRST_SITE_PAGE, SITE_BREADCRUMB_KEY, useGetSitesQuery } from './features/sites/api/get-sites.ts';
export { SiteSwitcher } from './features/sites/components/site-switcher.tsx';
export { useHasSeveralSites } from './features/sites/hooks/use-has-several-sites.ts';
export { useSelectedSite } from './features/sites/hooks/use-selected-site.ts';
export * from './features/subscriptions/index.ts';
export { useDiscardUploadsMutation } from './features/transfers/api/discard-uploads.ts';
export { useCreateDownloadTicketMutation } from './features/transfers/api/download-ticket.ts';
export {
  UPLOAD_CANCELLED_CODE,
  type UploadFileOptions,
  uploadErrorOf,
  uploadFile,
} from './features/transfers/api/upload-file.ts';
export { useUploadScans } from './features/transfers/api/upload-scans.ts';
export { fileNameFromContentDisposition } from './features/transfers/content-disposition.ts';
export { describeFileError, SETTINGS_FORBIDDEN } from './features/transfers/file-errors.ts';
export { type DownloadRequest, saveBlob, useDownload } from './features/transfers/hooks/use-download.ts';
export {
  type FileDownloadTarget,
  startBrowserDownload,
  useFileDownloads,
} from './features/transfers/hooks/use-file-downloads.ts';
export {
  type UploadItem,
  type UploadStatus,
  type UseFileUploadsOptions,
  useFileUploads,
} from './features/transfers/hooks/use-file-uploads.ts';
export { useLeaveWarning } from './features/transfers/hooks/use-leave-warning.ts';
export { type Branding, brandingFrom, themeConfigFor } from './lib/branding.ts';
export { readableTextOn } from './lib/colors.ts';
export { countOf, formatBytes, formatDate, formatDateTime } from './lib/format.ts';
export { type ApiError, describeQueryError, isErrorBody, toApiError } from './lib/http-errors.ts';
export {
  createIdempotencyKeys,
  type IdempotencyKeys,
  idempotencyHeaders,
  useIdempotencyKeys,
} from './lib/idempotency-keys.ts';
export { logger } from './lib/logger.ts';
export { notify } from './lib/notifications.tsx';
export { dropZoneInvitation, useCoarsePointer } from './lib/pointer.ts';
export { type QueryParam, withQuery } from './lib/query-string.ts';
export { useAfterFirstScreen } from './lib/use-after-first-screen.ts';
export { BREAKPOINTS, type Breakpoint, useMinWidth } from './lib/use-breakpoint.ts';
export { useDebouncedSearch, useDebouncedValue } from './lib/use-debounced-value.ts';
export { useOnceTrue } from './lib/use-once-true.ts';
export type {
  AccessDenied,
  AccessDeniedProps,
  AppDescriptor,
  MenuBadge,
  ShellPage,
} from './shell/app-descriptor.ts';
export { useShell } from './shell/shell-context.tsx';
export * from './store/app-slice.ts';
export { authStateChanged, setRecordCount, signedOut } from './store/client-state-slice.ts';
export { useShellDispatch, useShellSelector } from './store/hooks.ts';
export * from './store/selectors.ts';
export type { ShellState } from './store/store.ts';
export { AntdScope } from './ui/antd-scope.tsx';
export { Button, type ButtonProps } from './ui/button.tsx';
export { EmailAddress } from './ui/email-address.tsx';
export { Notice, type NoticeProps } from './ui/notice.tsx';
export { Result, type ResultProps } from './ui/result.tsx';
export { Skeleton, Spinner } from './ui/spinner.tsx';
export { Switch, type SwitchProps } from './ui/switch.tsx';
export { type TabItem, Tabs } from './ui/tabs.tsx';
export { Tag } from './ui/tag.tsx';
export type { Tone } from './ui/tone.ts';
