import { describe, expect, it } from 'vitest';
import { anyFileAction, suggestedNameOf } from './file-actions.tsx';

describe('the file actions’ pieces', () => {
  it('reads the free name of a 409 name.taken, and nothing of another error', () => {
    const taken = {
      status: 409,
      data: {
        error: {
          code: 'name.taken',
          message: 'A file named "a.pdf" is already there. "a (2).pdf" is free.',
          details: [{ path: 'suggestedName', message: 'a (2).pdf' }],
        },
      },
    };
    expect(suggestedNameOf(taken)).toBe('a (2).pdf');
    expect(
      suggestedNameOf({ status: 403, data: { error: { code: 'settings.forbidden', message: 'no' } } }),
    ).toBe(undefined);
    expect(suggestedNameOf(undefined)).toBe(undefined);
  });

  it('offers the button only when one action is allowed', () => {
    expect(anyFileAction({ rename: false, move: false, copy: false, delete: false })).toBe(false);
    expect(anyFileAction({ rename: false, move: false, copy: false, delete: true })).toBe(true);
  });
});
