import { notification } from 'antd';
import { describe, expect, test, vi } from 'vitest';
import { NOTIFICATION_DURATION_S, NOTIFICATION_PLACEMENT, notify } from './notifications.tsx';

describe('notification helpers', () => {
  test('error, success, warning and info show top-right for 4.5 s', () => {
    const spies = (['error', 'success', 'warning', 'info'] as const).map((kind) =>
      vi.spyOn(notification, kind).mockImplementation(() => undefined),
    );
    notify.error('App Initialization Error', 'The menu is down.', 'k');
    notify.success('Saved');
    notify.warning('Careful');
    notify.info('Note');
    expect(NOTIFICATION_PLACEMENT).toBe('topRight');
    expect(NOTIFICATION_DURATION_S).toBe(4.5);
    expect(spies[0]).toHaveBeenCalledWith({
      title: 'App Initialization Error',
      description: 'The menu is down.',
      key: 'k',
      placement: 'topRight',
      duration: 4.5,
    });
    for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
  });
});
