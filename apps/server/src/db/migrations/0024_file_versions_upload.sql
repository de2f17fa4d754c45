-- Versions, end to end (issue 26 item 4, decision 49). An upload that names a file (tus metadata or multipart field
-- `fileId`) becomes that file's next version when it finishes: its row in file_versions is written at once, in the
-- transaction that records the upload, but files (the current version) moves to it only once its bytes are
-- released by the virus scan. Until then the current version stays what it was, visible and downloadable.

-- The version an upload became (uploads that named a file): the uploader can read it back from its reference.
ALTER TABLE uploads ADD COLUMN version integer CHECK (version >= 1);

-- Makes the newest released version of each file that has `p_blob_key` as a version current, if it is newer than
-- the current one: called by the versions module after writing a version (its blob may already be released:
-- scanning off, or a restore of an old version's bytes) and by the trigger below when a scan releases a blob.
-- Never moves a file back to an older version: a version released after a newer one stays in the history only.
CREATE FUNCTION promote_file_versions(p_tenant text, p_blob_key text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE files f
  SET version = v.version, blob_key = v.blob_key, file_name = v.file_name, content_type = v.content_type,
      size = v.size, sha256 = v.sha256
  FROM (SELECT DISTINCT ON (file_id) file_id, version, blob_key, file_name, content_type, size, sha256
        FROM file_versions
        WHERE tenant_code = p_tenant AND blob_key = p_blob_key
        ORDER BY file_id, version DESC) v
  WHERE f.id = v.file_id AND f.tenant_code = p_tenant AND v.version > f.version
    AND NOT EXISTS (SELECT 1 FROM blob_scans s WHERE s.blob_key = v.blob_key AND s.held);
END $$;

-- Whichever way a blob is released (the scan job, `portico scan`, a rescan that clears it), a version waiting on it
-- becomes current in the same transaction.
CREATE FUNCTION blob_scans_released() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM promote_file_versions(NEW.tenant_code, NEW.blob_key);
  RETURN NULL;
END $$;
CREATE TRIGGER blob_scans_released AFTER UPDATE OF held ON blob_scans
  FOR EACH ROW WHEN (OLD.held AND NOT NEW.held) EXECUTE FUNCTION blob_scans_released();

-- A version staff made current again is a copy of an older one: which, for the versions view.
ALTER TABLE file_versions ADD COLUMN restored_from integer;
