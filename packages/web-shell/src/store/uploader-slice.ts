import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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
});

export const { addSucceededFile, removeSucceededFile, setPendingSave, clearSucceededFiles } =
  uploaderSlice.actions;
