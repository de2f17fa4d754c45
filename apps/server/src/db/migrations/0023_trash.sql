-- The site's trash (issue 26, decision 48): what someone deleted stays TRASH_RETENTION_DAYS, then the retention job
-- deletes it for good. Unpublishing a file sends it to the trash too (it sets deleted_by from now on).

-- Files unpublished before the trash existed enter it now: their retention counts from this migration, so an
-- upgrade deletes nothing at once (the audit log keeps when each was unpublished).
UPDATE files SET deleted_at = now() WHERE deleted_at IS NOT NULL AND deleted_by IS NULL;

-- The retention job, across tenants: what someone deleted (not what went along with a folder), oldest first.
CREATE INDEX files_trash_age ON files (deleted_at) WHERE deleted_at IS NOT NULL AND trashed_with IS NULL;
CREATE INDEX folders_trash_age ON folders (deleted_at) WHERE deleted_at IS NOT NULL AND trashed_with IS NULL;

-- Deleting files and folders for good: the rows that point at them are found by index, not by a scan of their
-- table per deleted row (uploads.file_id ON DELETE SET NULL, files.folder_id ON DELETE SET NULL, folders.parent_id
-- ON DELETE CASCADE).
CREATE INDEX uploads_file ON uploads (file_id) WHERE file_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS files_folder ON files (folder_id) WHERE folder_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS folders_parent ON folders (parent_id) WHERE parent_id IS NOT NULL;
