-- Folders (issue 26, decision 47): an upload may name the folder its file goes into (multipart: a `folderId` field
-- before the files; tus: `folderId` in Upload-Metadata), kept with the pending upload until it is saved or
-- published. A folder that goes away first leaves the upload for the root (or the folder the save names).
ALTER TABLE uploads ADD COLUMN folder_id uuid REFERENCES folders (id) ON DELETE SET NULL;
