import type { CategoryList, ProjectList } from '@portico/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createTestStore } from '../../../testing/render-with-shell.tsx';
import { signIn } from '../../../testing/signed-in.ts';
import { CategorySelect, ProjectSelect } from './categories-projects.tsx';

const SITE = '11111111-1111-4111-8111-111111111111';
const CATEGORIES: CategoryList = {
  records: [
    { id: 'c0000000-0000-4000-8000-000000000001', name: 'Tax return' },
    { id: 'c0000000-0000-4000-8000-000000000002', name: 'Invoice' },
  ],
};
const OPEN = {
  id: 'p0000000-0000-4000-8000-000000000001',
  siteId: SITE,
  name: '2025 accounts',
  status: 'open',
};
const CLOSED = {
  id: 'p0000000-0000-4000-8000-000000000002',
  siteId: SITE,
  name: '2024 accounts',
  status: 'closed',
};

/** What the server answers, per path; an unknown path fails the test. */
let answers: Record<string, () => Response>;
const requested: string[] = [];

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      requested.push(`${url.pathname}${url.search}`);
      const answer = answers[url.pathname];
      if (!answer) throw new Error(`unexpected request ${url.pathname}`);
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderWithStore(children: React.ReactNode) {
  const { store } = createTestStore();
  signIn(store, { services: ['file-management'] });
  render(<Provider store={store}>{children}</Provider>);
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => `${option.textContent}${(option as HTMLOptionElement).disabled ? ' (disabled)' : ''}`);

describe('the category and project choices', () => {
  test('categories: "No category" first, then the firm’s; the choice is handed back', async () => {
    answers = { '/t/acme/file-management/api/categories': () => Response.json(CATEGORIES) };
    const onChange = vi.fn();
    renderWithStore(<CategorySelect value="" onChange={onChange} />);
    const select = screen.getByLabelText('Category');
    expect(select).toBeDisabled();
    expect(optionsOf(select)).toEqual(['Loading categories…']);
    await vi.waitFor(() => expect(select).toBeEnabled());
    expect(optionsOf(select)).toEqual(['No category', 'Tax return', 'Invoice']);
    await userEvent.selectOptions(select, 'Invoice');
    expect(onChange).toHaveBeenCalledWith(CATEGORIES.records[1]!.id);
  });

  test('a firm without categories is told so under the field', async () => {
    answers = { '/t/acme/file-management/api/categories': () => Response.json({ records: [] }) };
    renderWithStore(<CategorySelect value="" onChange={() => {}} />);
    expect(await screen.findByText('The firm has no categories yet.')).toBeInTheDocument();
  });

  test('a failure to load the categories is an alert with the server’s words', async () => {
    answers = {
      '/t/acme/file-management/api/categories': () =>
        Response.json({ error: { code: 'auth.forbidden', message: 'Not for you.' } }, { status: 403 }),
    };
    renderWithStore(<CategorySelect value="" onChange={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The categories could not be loaded: Not for you.',
    );
  });

  test('projects: the site’s open ones; the closed one the file is in is shown, not choosable', async () => {
    answers = {
      '/t/acme/file-management/api/projects': () => Response.json({ records: [OPEN, CLOSED] } as ProjectList),
    };
    renderWithStore(
      <ProjectSelect siteId={SITE} value={CLOSED.id} currentId={CLOSED.id} onChange={() => {}} />,
    );
    const select = screen.getByLabelText('Project');
    await vi.waitFor(() => expect(select).toBeEnabled());
    expect(optionsOf(select)).toEqual(['No project', '2024 accounts (closed) (disabled)', '2025 accounts']);
    expect(screen.getByText('Only open projects of this site take files.')).toBeInTheDocument();
    expect(requested).toEqual([`/t/acme/file-management/api/projects?siteId=${SITE}`]);
  });

  test('a closed project the file is not in is left out; with no open one, the field says so', async () => {
    answers = { '/t/acme/file-management/api/projects': () => Response.json({ records: [CLOSED] }) };
    renderWithStore(<ProjectSelect siteId={SITE} value="" currentId={undefined} onChange={() => {}} />);
    expect(await screen.findByText('This site has no open projects.')).toBeInTheDocument();
    expect(optionsOf(screen.getByLabelText('Project'))).toEqual(['No project']);
  });
});
