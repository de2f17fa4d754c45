import {
  REQUEST_ITEM_ACTIONS,
  REQUEST_ITEM_STATUSES,
  REQUEST_STATUSES,
  type RequestItemStatus,
} from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { isComplete, nextItemStatus, progressOf, type RequestActor } from './request-states.ts';

/**
 * Every allowed move, written out one by one (not derived from the table under test):
 * `actor action from required multiple → to`, with `*` for "either".
 */
const ALLOWED = [
  'client upload open * * → received',
  'client upload rejected * * → received',
  'client upload received * true → received',
  'client markNotApplicable open false * → not_applicable',
  'client markNotApplicable rejected false * → not_applicable',
  'client reopen not_applicable * * → open',
  'staff accept received * * → accepted',
  'staff accept not_applicable * * → accepted',
  'staff reject received * * → rejected',
  'staff reject not_applicable * * → rejected',
];

function expected(actor: string, action: string, from: string, required: boolean, multiple: boolean) {
  for (const line of ALLOWED) {
    const [a, act, f, r, m, , to] = line.split(' ');
    if (a === actor && act === action && f === from && (r === '*' || r === String(required)))
      if (m === '*' || m === String(multiple)) return to;
  }
  return undefined;
}

const ACTORS: RequestActor[] = ['client', 'staff'];
const BOOLS = [false, true];

describe('the item state machine', () => {
  const cases = REQUEST_STATUSES.flatMap((requestStatus) =>
    REQUEST_ITEM_STATUSES.flatMap((status) =>
      BOOLS.flatMap((required) =>
        BOOLS.flatMap((multiple) =>
          REQUEST_ITEM_ACTIONS.flatMap((action) =>
            ACTORS.map((actor) => ({ requestStatus, status, required, multiple, action, actor })),
          ),
        ),
      ),
    ),
  );

  it('checks every combination (3 request states × 5 item states × 4 kinds × 5 actions × 2 actors)', () => {
    expect(cases).toHaveLength(600);
  });

  it.each(cases)(
    '$actor $action on a $status item (required $required, multiple $multiple) of a $requestStatus request',
    ({ requestStatus, status, required, multiple, action, actor }) => {
      const result = nextItemStatus(requestStatus, { status, required, multiple }, action, actor);
      const to = requestStatus === 'open' ? expected(actor, action, status, required, multiple) : undefined;
      if (to) {
        expect(result).toEqual({ ok: true, to });
        return;
      }
      expect(result.ok).toBe(false);
      if (result.ok) return;
      if (requestStatus !== 'open') expect(result.code).toBe('requests.closed');
      else if (actor === 'client' && action === 'upload' && status === 'received')
        expect(result.code).toBe('requests.one_file_only');
      else expect(result.code).toBe('requests.transition_refused');
      expect(result.message).not.toBe('');
    },
  );
});

describe('progress and completion', () => {
  const item = (status: RequestItemStatus, required = true) => ({ status, required });

  it('counts received, accepted and open items', () => {
    expect(
      progressOf([
        item('open'),
        item('received'),
        item('accepted'),
        item('rejected'),
        item('not_applicable'),
      ]),
    ).toEqual({ itemsTotal: 5, itemsReceived: 3, itemsAccepted: 1, itemsOpen: 2 });
  });

  it('completes when every required item is accepted, whatever the optional ones', () => {
    expect(isComplete([item('accepted'), item('open', false)])).toBe(true);
    expect(isComplete([item('accepted'), item('not_applicable', false)])).toBe(true);
    expect(isComplete([item('accepted'), item('received')])).toBe(false);
    expect(isComplete([item('rejected'), item('accepted', false)])).toBe(false);
  });

  it('completes a request of optional items only when each is accepted or not applicable', () => {
    expect(isComplete([item('open', false)])).toBe(false);
    expect(isComplete([item('accepted', false), item('not_applicable', false)])).toBe(true);
    expect(isComplete([])).toBe(false);
  });
});
