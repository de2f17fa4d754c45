-- A tag filter that reads the tag's own index, not the site's files (decision 62; decision 57 measured why).
--
-- file_tags carries what a list orders and narrows by — the file's site, direction, date and whether it is live —
-- so that one page of a site's files with a tag is a walk of the first entries of one index, in the list's order,
-- and its count an index-only count, whatever the size of the site or how many files carry the tag. The copies
-- are kept by the database: an insert takes them from its file (when the statement did not give them), and a
-- statement that changes a file's direction (client publishing), date or trash state updates its tags' rows, once
-- per statement over the transition tables (the files' own triggers do the same for file_counts, migration 0005).
ALTER TABLE file_tags ADD COLUMN site_id uuid;
ALTER TABLE file_tags ADD COLUMN direction text;
ALTER TABLE file_tags ADD COLUMN created_at timestamptz;
ALTER TABLE file_tags ADD COLUMN live boolean;

UPDATE file_tags ft
SET site_id = f.site_id, direction = f.direction, created_at = f.created_at, live = f.deleted_at IS NULL
FROM files f
WHERE f.id = ft.file_id;

ALTER TABLE file_tags ALTER COLUMN site_id SET NOT NULL;
ALTER TABLE file_tags ALTER COLUMN direction SET NOT NULL;
ALTER TABLE file_tags ALTER COLUMN created_at SET NOT NULL;
ALTER TABLE file_tags ALTER COLUMN live SET NOT NULL;

CREATE FUNCTION file_tags_from_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.site_id IS NULL OR NEW.direction IS NULL OR NEW.created_at IS NULL OR NEW.live IS NULL THEN
    SELECT f.site_id, f.direction, f.created_at, f.deleted_at IS NULL
    INTO NEW.site_id, NEW.direction, NEW.created_at, NEW.live
    FROM files f WHERE f.id = NEW.file_id;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER file_tags_from_file BEFORE INSERT ON file_tags FOR EACH ROW EXECUTE FUNCTION file_tags_from_file();

CREATE FUNCTION file_tags_follow_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE file_tags ft
  SET direction = n.direction, created_at = n.created_at, live = n.deleted_at IS NULL
  FROM new_files n JOIN old_files o ON o.id = n.id
  WHERE ft.file_id = n.id
    AND (n.direction IS DISTINCT FROM o.direction OR n.created_at IS DISTINCT FROM o.created_at
         OR (n.deleted_at IS NULL) IS DISTINCT FROM (o.deleted_at IS NULL));
  RETURN NULL;
END;
$$;
CREATE TRIGGER files_tags_follow AFTER UPDATE ON files
  REFERENCING OLD TABLE AS old_files NEW TABLE AS new_files
  FOR EACH STATEMENT EXECUTE FUNCTION file_tags_follow_files();

-- A page of a site's list with a tag, newest first: the tag's live files of one site and direction in date order.
CREATE INDEX file_tags_listing ON file_tags (tenant_code, tag_id, site_id, direction, created_at DESC, file_id DESC)
  WHERE live;
