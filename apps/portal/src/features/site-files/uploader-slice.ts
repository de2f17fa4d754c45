import { signedOut } from '@portico/web-shell';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The uploader's state (SPEC §4), the portal's own: files sent to file storage whose data is not saved yet, kept
 * across a reload (the shell persists the slices an app gives it).
 */

/** A file the uploader has sent to file storage but whose data may not be saved yet (SPEC §4). */
export interface SucceededFile {
  uid: string;
  fileName: string;
  size: number;
  referenceNumber: string;
  /** Where the upload went: a reference can only be saved to (or discarded from) its own tenant's site. */
  tenant?: string;
  siteId?: string;
}

export interface UploaderState {
  succeededFiles: SucceededFile[];
  pendingSave: boolean;
}

export const initialUploaderState: UploaderState = { succeededFiles: [], pendingSave: false };

export const uploaderSlice = createSlice({
  name: 'uploader',
  initialState: initialUploaderState,
  reducers: {
    addSucceededFile(state, action: PayloadAction<SucceededFile>) {
      state.succeededFiles = state.succeededFiles.filter((f) => f.uid !== action.payload.uid);
      state.succeededFiles.push(action.payload);
      state.pendingSave = true;
    },
    removeSucceededFile(state, action: PayloadAction<string>) {
      state.succeededFiles = state.succeededFiles.filter((f) => f.uid !== action.payload);
      state.pendingSave = state.succeededFiles.length > 0;
    },
    setPendingSave(state, action: PayloadAction<boolean>) {
      state.pendingSave = action.payload;
    },
    /** After the file data is saved, or when the user discards the uploads. */
    clearSucceededFiles() {
      return initialUploaderState;
    },
  },
  // Signing out forgets them: the next person on this browser must not save another's uploads.
  extraReducers: (builder) => builder.addCase(signedOut, () => initialUploaderState),
});

/** The portal's state: the shell's, and the uploader's (the portal's own slice, given to the shell by its descriptor). */
export const selectUploader = (state: unknown) => (state as { uploader: UploaderState }).uploader;

export const { addSucceededFile, removeSucceededFile, setPendingSave, clearSucceededFiles } =
  uploaderSlice.actions;
