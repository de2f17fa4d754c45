import { Spinner } from '../ui/spinner.tsx';

/** A centred loading indicator with a readable label (announced to screen readers). */
export function PageSpinner({
  label = 'Loading…',
  fullPage = false,
}: {
  label?: string;
  fullPage?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="portico-page-spinner"
      style={{ minHeight: fullPage ? '100vh' : 240 }}
    >
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
