import type { NotificationPreferences } from '@portico/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createTestStore } from '../../../testing/render-with-shell.tsx';
import { signIn } from '../../../testing/signed-in.ts';
import NotificationsPage from './notifications-page.tsx';

let enabled: Record<string, boolean>;
const puts: unknown[] = [];
const answer = (): NotificationPreferences => ({
  preferences: [
    {
      kind: 'files_published',
      label: 'New files published to my site',
      description: 'One mail.',
      enabled: enabled.files_published!,
    },
    {
      kind: 'submission_status',
      label: 'The firm changed the status',
      description: 'With the note.',
      enabled: enabled.submission_status!,
    },
  ],
});

beforeEach(() => {
  enabled = { files_published: true, submission_status: true };
  puts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      expect(new URL(request.url).pathname).toBe('/t/acme/user/api/notification-preferences');
      if (request.method === 'PUT') {
        const body = (await request.json()) as { kind: string; enabled: boolean };
        puts.push(body);
        enabled[body.kind] = body.enabled;
      }
      return Response.json(answer());
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the Notifications page', () => {
  test('shows one switch per kind and saves a change, which the page then shows', async () => {
    const { store } = createTestStore();
    signIn(store, { services: ['user'] });
    render(
      <Provider store={store}>
        <MemoryRouter>
          <NotificationsPage />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const status = await screen.findByRole('switch', { name: 'The firm changed the status' });
    expect(status).toBeChecked();
    expect(screen.getByRole('switch', { name: 'New files published to my site' })).toBeChecked();

    await userEvent.click(status);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'The firm changed the status' })).not.toBeChecked(),
    );
    expect(puts).toEqual([{ kind: 'submission_status', enabled: false }]);
    expect(screen.getByRole('switch', { name: 'New files published to my site' })).toBeChecked();
  });
});
