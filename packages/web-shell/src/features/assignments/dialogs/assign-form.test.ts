import { describe, expect, it } from 'vitest';
import { assignFormProblem } from './assign-files-dialog.tsx';

describe('the Assign form', () => {
  it('needs a person', () => {
    expect(assignFormProblem('', '')).toBe('Choose who the files go to.');
  });

  it('takes no due date, or a real day written YYYY-MM-DD', () => {
    const someone = '7a0e4a4e-1b7e-4f57-9a38-2f6f1f1f1f1f';
    expect(assignFormProblem(someone, '')).toBeUndefined();
    expect(assignFormProblem(someone, '2031-01-15')).toBeUndefined();
    for (const wrong of ['15/01/2031', '2031-1-15', '2031-02-30', '0999-01-01', 'soon']) {
      expect(assignFormProblem(someone, wrong)).toContain('YYYY-MM-DD');
    }
  });
});
