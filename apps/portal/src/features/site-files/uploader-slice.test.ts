import { describe, expect, test } from 'vitest';
import {
  addSucceededFile,
  clearSucceededFiles,
  initialUploaderState,
  removeSucceededFile,
  setPendingSave,
  uploaderSlice,
} from './uploader-slice.ts';

const file = (uid: string) => ({ uid, fileName: `${uid}.pdf`, size: 10, referenceNumber: `ref-${uid}` });

describe('the uploader slice', () => {
  test('tracks succeeded files and that they wait to be saved', () => {
    let state = uploaderSlice.reducer(initialUploaderState, addSucceededFile(file('a')));
    state = uploaderSlice.reducer(state, addSucceededFile(file('b')));
    expect(state.succeededFiles.map((f) => f.uid)).toEqual(['a', 'b']);
    expect(state.pendingSave).toBe(true);
  });

  test('the same upload is tracked once', () => {
    let state = uploaderSlice.reducer(initialUploaderState, addSucceededFile(file('a')));
    state = uploaderSlice.reducer(state, addSucceededFile({ ...file('a'), size: 20 }));
    expect(state.succeededFiles).toEqual([{ ...file('a'), size: 20 }]);
  });

  test('removing the last file leaves nothing to save; clearing resets', () => {
    let state = uploaderSlice.reducer(initialUploaderState, addSucceededFile(file('a')));
    state = uploaderSlice.reducer(state, removeSucceededFile('a'));
    expect(state).toEqual({ succeededFiles: [], pendingSave: false });
    state = uploaderSlice.reducer(state, setPendingSave(true));
    expect(state.pendingSave).toBe(true);
    expect(uploaderSlice.reducer(state, clearSucceededFiles())).toEqual(initialUploaderState);
  });
});
