-- How many live files of each site and direction carry each tag, kept exact by triggers on file_tags, so that the
-- total beside a page filtered by one tag is one row read instead of an index count of every file the tag is on
-- (bench/, `tags`: counting a tag on 10,000 files was 2 of a page's 2.6 ms on PostgreSQL; decision 63). The same
-- scheme as file_counts (migration 0005): statement-level triggers over transition tables, so a bulk tagging of
-- 10,000 files changes each counter once. file_tags' copies of its file's site, direction and trash state
-- (migration 0036) are what it counts; they follow the file by the files' own trigger, which updates file_tags and
-- so comes through here too.

CREATE TABLE tag_counts (
  tenant_code text NOT NULL,
  tag_id uuid NOT NULL,
  site_id uuid NOT NULL,
  direction text NOT NULL CHECK (direction IN ('published', 'submitted')),
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_code, tag_id, site_id, direction),
  FOREIGN KEY (tenant_code, tag_id) REFERENCES tags (tenant_code, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_code, site_id) REFERENCES sites (tenant_code, id) ON DELETE CASCADE
);

ALTER TABLE tag_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tag_counts
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON tag_counts TO portico_app;

-- Adds each (tenant, tag, site, direction)'s delta of live rows. Increments may create the counter; decrements
-- only update an existing one (a deleted tag or site takes its counters and its file_tags in the same cascade, in
-- either order). A key's delta has one sign, so the two writes of an update never touch the same counter.
CREATE FUNCTION file_tags_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tag_counts AS c (tenant_code, tag_id, site_id, direction, n)
    SELECT tenant_code, tag_id, site_id, direction, count(*) FROM new_rows WHERE live GROUP BY 1, 2, 3, 4
    ON CONFLICT (tenant_code, tag_id, site_id, direction) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE tag_counts c SET n = c.n - d.n
    FROM (SELECT tenant_code, tag_id, site_id, direction, count(*) AS n FROM old_rows WHERE live
          GROUP BY 1, 2, 3, 4) d
    WHERE c.tenant_code = d.tenant_code AND c.tag_id = d.tag_id AND c.site_id = d.site_id
      AND c.direction = d.direction;
  ELSE
    -- A file trashed or restored, or published by its client: its rows change direction or liveness.
    WITH d AS (
      SELECT tenant_code, tag_id, site_id, direction, sum(x.d) AS n FROM (
        SELECT tenant_code, tag_id, site_id, direction, 1 AS d FROM new_rows WHERE live
        UNION ALL
        SELECT tenant_code, tag_id, site_id, direction, -1 FROM old_rows WHERE live
      ) x GROUP BY 1, 2, 3, 4 HAVING sum(x.d) <> 0
    ), decrements AS (
      UPDATE tag_counts c SET n = c.n + d.n FROM d
      WHERE d.n < 0 AND c.tenant_code = d.tenant_code AND c.tag_id = d.tag_id AND c.site_id = d.site_id
        AND c.direction = d.direction
    )
    INSERT INTO tag_counts AS c (tenant_code, tag_id, site_id, direction, n)
    SELECT tenant_code, tag_id, site_id, direction, n FROM d WHERE n > 0
    ON CONFLICT (tenant_code, tag_id, site_id, direction) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER file_tags_count_insert AFTER INSERT ON file_tags
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION file_tags_count_changes();
CREATE TRIGGER file_tags_count_update AFTER UPDATE ON file_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION file_tags_count_changes();
CREATE TRIGGER file_tags_count_delete AFTER DELETE ON file_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION file_tags_count_changes();

CREATE FUNCTION file_tags_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tag_counts;
  RETURN NULL;
END $$;
CREATE TRIGGER file_tags_count_truncate AFTER TRUNCATE ON file_tags
  FOR EACH STATEMENT EXECUTE FUNCTION file_tags_count_truncate();

-- The counters start from the rows already there; no file is tagged meanwhile.
LOCK TABLE file_tags IN SHARE MODE;
INSERT INTO tag_counts (tenant_code, tag_id, site_id, direction, n)
SELECT tenant_code, tag_id, site_id, direction, count(*) FROM file_tags WHERE live GROUP BY 1, 2, 3, 4;
