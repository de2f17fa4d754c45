import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  /** The tab button's test id. */
  testId?: string;
}

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * Tabs as WAI-ARIA describes them: one Tab stop for the list, the arrow keys (and Home, End) move along it and open
 * the tab they reach; the list wraps onto a second line on a narrow screen instead of hiding tabs behind a "more"
 * button. A file's details and the File-area settings page differ only by their tabs and what each shows.
 *
 * `keepMounted`: a panel once shown stays in the page, hidden, so what was typed there and not saved survives a look
 * at another tab; without it only the open tab's panel is there.
 */
export function Tabs<K extends string>({
  label,
  items,
  active,
  onChange,
  keepMounted = false,
  panelTestId,
  className,
  children,
}: {
  /** The tab list's accessible name. */
  label: string;
  items: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  keepMounted?: boolean;
  panelTestId?: (key: K) => string;
  /** The panel's own look, beside `portico-tabs__panel`. */
  className?: string;
  children: (key: K) => ReactNode;
}) {
  const id = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([active]));
  if (keepMounted && !visited.has(active)) setVisited(new Set([...visited, active]));

  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    // From the tab that has the focus, not from `active`: a second press can come before the first one's change
    // has been drawn (a router's navigation is a transition).
    const index = items.findIndex((item) => buttons.current.get(item.key) === event.currentTarget);
    const next = items[step(index, items.length)]!.key;
    onChange(next);
    buttons.current.get(next)?.focus();
  };

  const shown = keepMounted
    ? items.filter((item) => visited.has(item.key))
    : items.filter((item) => item.key === active);
  return (
    <>
      <div role="tablist" aria-label={label} className="portico-tabs">
        {items.map((item) => (
          <button
            key={item.key}
            ref={(element) => {
              if (element) buttons.current.set(item.key, element);
              else buttons.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={item.key === active}
            aria-controls={`${id}-panel-${item.key}`}
            tabIndex={item.key === active ? 0 : -1}
            className="portico-tab"
            onClick={() => onChange(item.key)}
            onKeyDown={onKeyDown}
            data-testid={item.testId}
          >
            {item.label}
          </button>
        ))}
      </div>
      {shown.map((item) => (
        <div
          key={item.key}
          id={`${id}-panel-${item.key}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${item.key}`}
          hidden={item.key !== active}
          className={className ? `portico-tabs__panel ${className}` : 'portico-tabs__panel'}
          data-testid={panelTestId?.(item.key)}
        >
          {children(item.key)}
        </div>
      ))}
    </>
  );
}
