import type { MySubscriptions, Subscriptions } from '@portico/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createTestStore } from '../../../testing/render-with-shell.tsx';
import { signIn } from '../../../testing/signed-in.ts';
import { FollowToggles } from './follow-toggles.tsx';
import { FollowedPlaces } from './followed-places.tsx';

const SITE = '11111111-1111-4111-8111-111111111111';
const FOLDER = '22222222-2222-4222-8222-222222222222';
let state: Subscriptions;
let mine: MySubscriptions;
const calls: string[] = [];

beforeEach(() => {
  state = { wholeSite: false, folderIds: [] };
  mine = {
    records: [
      {
        id: '33333333-3333-4333-8333-333333333333',
        siteId: SITE,
        siteName: "Bob's Bakery Ltd",
        folderId: FOLDER,
        folderName: 'Year end',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
  };
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}${url.search}`);
      if (url.pathname === '/t/acme/file-management/api/subscriptions') {
        if (request.method === 'PUT') state = (await request.json()) as Subscriptions;
        return Response.json(state);
      }
      if (url.pathname === '/t/acme/file-management/api/subscriptions/mine') return Response.json(mine);
      if (request.method === 'DELETE') {
        mine = { records: [] };
        return new Response(null, { status: 204 });
      }
      return Response.json({ error: { code: 'request.not_found', message: 'No route' } }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderWithStore(node: React.ReactNode) {
  const { store } = createTestStore();
  signIn(store, { services: ['file-management'], siteId: SITE });
  render(
    <Provider store={store}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );
}

describe('following folders and sites', () => {
  test('the folder switch saves the folder, keeping the rest of the state', async () => {
    state = { wholeSite: true, folderIds: [] };
    renderWithStore(<FollowToggles siteId={SITE} folderId={FOLDER} />);
    const folder = await screen.findByRole('switch', { name: 'Follow this folder' });
    expect(folder).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: 'Follow this site' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(folder);
    await waitFor(() => expect(folder).toHaveAttribute('aria-checked', 'true'));
    expect(state).toEqual({ wholeSite: true, folderIds: [FOLDER] });
    expect(calls).toContain(`PUT /t/acme/file-management/api/subscriptions?siteId=${SITE}`);
  });

  test('at the root only the whole site can be followed', async () => {
    renderWithStore(<FollowToggles siteId={SITE} folderId={null} />);
    await screen.findByRole('switch', { name: 'Follow this site' });
    expect(screen.queryByRole('switch', { name: 'Follow this folder' })).toBeNull();
  });

  test('the list of what one follows unfollows with one click, then shows it is empty', async () => {
    renderWithStore(<FollowedPlaces />);
    const row = await screen.findByTestId('followed-place');
    expect(row).toHaveTextContent('Year end');
    expect(row).toHaveTextContent("Bob's Bakery Ltd · since 2026-11-20");
    await userEvent.click(screen.getByRole('button', { name: "Unfollow Year end (Bob's Bakery Ltd)" }));
    expect(await screen.findByTestId('followed-empty')).toHaveTextContent('You follow no folder or site.');
    expect(calls).toContain(
      'DELETE /t/acme/file-management/api/subscriptions/33333333-3333-4333-8333-333333333333',
    );
  });
});
