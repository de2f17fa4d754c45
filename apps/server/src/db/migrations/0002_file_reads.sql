-- Published file lists mark a file `isNew` until the caller has a download event for it; this index answers that
-- per listed row without scanning the tenant's whole audit log.
CREATE INDEX audit_events_file_user ON audit_events (tenant_code, file_id, user_id, action) WHERE file_id IS NOT NULL;
