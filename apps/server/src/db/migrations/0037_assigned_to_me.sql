-- "Assigned to me" (decision 56) read by index, not by sorting and counting every assigned file each time
-- (bench/, `assigned-to-me`: 3,000 files assigned to one person cost 4 ms of CPU a page). A page walks the person's
-- files in the page's own order and stops at its end; the total is an index-only count of the person's files by site,
-- less those held by their virus scan (counted from the few held rows, as the site's counters are).
CREATE INDEX files_assigned_page ON files (tenant_code, assignee_id, assignment_due ASC NULLS LAST, assigned_at DESC, id)
  WHERE deleted_at IS NULL AND assignee_id IS NOT NULL;
CREATE INDEX files_assigned_count ON files (tenant_code, assignee_id, site_id)
  WHERE deleted_at IS NULL AND assignee_id IS NOT NULL;
