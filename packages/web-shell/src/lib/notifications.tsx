import { LIMITS } from '@portico/contracts';
import { App, notification as staticNotification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ReactNode } from 'react';
import { useEffect } from 'react';

/** Where and how long notifications show (SPEC §8, §9). */
export const NOTIFICATION_PLACEMENT = 'topRight' as const;
export const NOTIFICATION_DURATION_S = LIMITS.notificationDurationS;

type Kind = 'error' | 'success' | 'warning' | 'info';

// The themed instance of antd's App once mounted; the static API before that (for errors during start-up).
let instance: Pick<NotificationInstance, Kind> = staticNotification;

function show(kind: Kind, title: ReactNode, description?: ReactNode, key?: string) {
  instance[kind]({
    title,
    description,
    key,
    placement: NOTIFICATION_PLACEMENT,
    duration: NOTIFICATION_DURATION_S,
  });
}

/** Top-right notifications, 4.5 s (SPEC §8). A `key` replaces an earlier notification with the same key. */
export const notify = {
  error: (title: ReactNode, description?: ReactNode, key?: string) => show('error', title, description, key),
  success: (title: ReactNode, description?: ReactNode, key?: string) =>
    show('success', title, description, key),
  warning: (title: ReactNode, description?: ReactNode, key?: string) =>
    show('warning', title, description, key),
  info: (title: ReactNode, description?: ReactNode, key?: string) => show('info', title, description, key),
};

/** Mount inside antd's `<App>` so notifications pick up the tenant's theme. */
export function NotificationBridge() {
  const { notification } = App.useApp();
  useEffect(() => {
    instance = notification;
    return () => {
      instance = staticNotification;
    };
  }, [notification]);
  return null;
}
