/** A turning ring, decorative: what is loading is said in words beside it (or by the busy control). */
export function Spinner({ size = 'large' }: { size?: 'small' | 'large' }) {
  return (
    <span
      aria-hidden
      className={size === 'small' ? 'portico-spinner portico-spinner--small' : 'portico-spinner'}
    />
  );
}

/** Grey lines that stand for text still loading; `label` is what a screen reader hears meanwhile. */
export function Skeleton({ rows = 3, label = 'Loading…' }: { rows?: number; label?: string }) {
  return (
    <div className="portico-skeleton" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have nothing else to be told apart by
        <span key={index} />
      ))}
    </div>
  );
}
