-- The staff console: who last set a submission's status (clients see the status and its note), and the indexes
-- behind its lists across a tenant's sites: submissions by time, and the audit log by person and by site.

ALTER TABLE files ADD COLUMN status_updated_at timestamptz;
ALTER TABLE files ADD COLUMN status_updated_by uuid REFERENCES users (id) ON DELETE SET NULL;

CREATE INDEX files_tenant_direction_time ON files (tenant_code, direction, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX audit_events_tenant_user_time ON audit_events (tenant_code, user_id, occurred_at DESC);
CREATE INDEX audit_events_tenant_site_time ON audit_events (tenant_code, site_id, occurred_at DESC);
