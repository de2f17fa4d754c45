import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { clearNotifications, NOTIFICATION_DURATION_S, Notifications, notify } from './notifications.tsx';

afterEach(() => {
  act(() => clearNotifications());
  vi.useRealTimers();
});

describe('notifications', () => {
  test('each kind shows its title and description; errors and warnings are alerts, the rest status', () => {
    render(<Notifications />);
    act(() => {
      notify.error('App Initialization Error', 'The menu is down.');
      notify.success('Saved');
      notify.warning('Careful');
      notify.info('Note');
    });
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    const alerts = screen.getAllByRole('alert').map((el) => el.textContent);
    expect(alerts).toEqual(['App Initialization ErrorThe menu is down.', 'Careful']);
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Saved', 'Note']);
  });

  test('a key replaces the earlier notification with that key', () => {
    render(<Notifications />);
    act(() => {
      notify.info('Uploading', '1 of 2', 'upload');
      notify.info('Uploading', '2 of 2', 'upload');
    });
    expect(screen.getAllByTestId('notification').map((el) => el.textContent)).toEqual(['Uploading2 of 2']);
  });

  test('goes after 4.5 s, waits while the pointer is on it, and closes with its button', () => {
    vi.useFakeTimers();
    expect(NOTIFICATION_DURATION_S).toBe(4.5);
    render(<Notifications />);
    act(() => notify.success('Saved'));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(800));
    expect(screen.queryByText('Saved')).toBeNull();

    act(() => notify.success('Held'));
    fireEvent.pointerEnter(screen.getByTestId('notification'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Held')).toBeInTheDocument();
    fireEvent.pointerLeave(screen.getByTestId('notification'));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Held')).toBeNull();

    act(() => notify.error('Failed'));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Failed')).toBeNull();
  });
});
