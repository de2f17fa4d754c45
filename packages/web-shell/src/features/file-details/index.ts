export { useGetFilePropertiesQuery } from './api/file-details.ts';
export { FileLockTag } from './components/file-lock-tag.tsx';
export {
  type CheckoutFile,
  type UseFileCheckoutOptions,
  useFileCheckout,
} from './hooks/use-file-checkout.tsx';
export { useFileDetails } from './hooks/use-file-details.tsx';
export {
  FILE_DETAILS_ALL,
  FILE_DETAILS_VIEWS,
  type FileDetailsView,
  fileDetailsViews,
} from './views.ts';
