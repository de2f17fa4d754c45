import { CloseOutlined } from '@ant-design/icons';
import { LIMITS } from '@portico/contracts';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Tone } from '../ui/tone.ts';
import { ToneIcon } from '../ui/tone-icon.tsx';

/** How long a notification shows (SPEC §8, §9); it stays while the pointer or the focus is on it. */
export const NOTIFICATION_DURATION_S = LIMITS.notificationDurationS;

interface Toast {
  id: number;
  key: string | undefined;
  tone: Tone;
  title: ReactNode;
  description: ReactNode;
}

// The notifications on screen, newest last. Kept outside React so that `notify` works from anywhere (thunks,
// callbacks, start-up errors); `<Notifications />` draws them.
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: readonly Toast[]) => {
  toasts = next;
  for (const listener of listeners) listener();
};

function show(tone: Tone, title: ReactNode, description?: ReactNode, key?: string) {
  const toast: Toast = { id: nextId++, key, tone, title, description };
  const existing = key === undefined ? -1 : toasts.findIndex((t) => t.key === key);
  publish(existing >= 0 ? toasts.map((t, i) => (i === existing ? toast : t)) : [...toasts, toast]);
}

const dismiss = (id: number) => publish(toasts.filter((t) => t.id !== id));

/** Top-right notifications, 4.5 s (SPEC §8). A `key` replaces an earlier notification with the same key. */
export const notify = {
  error: (title: ReactNode, description?: ReactNode, key?: string) => show('error', title, description, key),
  success: (title: ReactNode, description?: ReactNode, key?: string) =>
    show('success', title, description, key),
  warning: (title: ReactNode, description?: ReactNode, key?: string) =>
    show('warning', title, description, key),
  info: (title: ReactNode, description?: ReactNode, key?: string) => show('info', title, description, key),
};

/** Clears every notification (tests). */
export function clearNotifications() {
  publish([]);
}

function ToastItem({ toast }: { toast: Toast }) {
  const paused = useRef(false);
  useEffect(() => {
    let left = NOTIFICATION_DURATION_S * 1000;
    let started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      if (paused.current) {
        timer = setTimeout(tick, 250);
        return;
      }
      left -= Date.now() - started;
      started = Date.now();
      if (left <= 0) dismiss(toast.id);
      else timer = setTimeout(tick, Math.min(left, 250));
    };
    timer = setTimeout(tick, Math.min(left, 250));
    return () => clearTimeout(timer);
  }, [toast.id]);
  const hold = (value: boolean) => () => {
    paused.current = value;
  };
  return (
    <li
      className={`portico-toast portico-toast--${toast.tone}`}
      onPointerEnter={hold(true)}
      onPointerLeave={hold(false)}
      onFocus={hold(true)}
      onBlur={hold(false)}
      data-testid="notification"
    >
      <ToneIcon tone={toast.tone} size={22} />
      <div
        className="portico-toast__body"
        role={toast.tone === 'error' || toast.tone === 'warning' ? 'alert' : 'status'}
      >
        <div className="portico-toast__title">{toast.title}</div>
        {toast.description ? <div>{toast.description}</div> : null}
      </div>
      <button
        type="button"
        className="portico-btn portico-btn--text portico-btn--small"
        aria-label="Close notification"
        onClick={() => dismiss(toast.id)}
      >
        <CloseOutlined aria-hidden />
      </button>
    </li>
  );
}

/** Where notifications appear: once, at the top of the app (BrandingProvider mounts it). */
export function Notifications() {
  const current = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => toasts,
    () => toasts,
  );
  if (current.length === 0) return null;
  return (
    <section aria-label="Notifications">
      <ol className="portico-toasts">
        {current.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
