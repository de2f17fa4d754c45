-- Malware scanning (decision 43): one row per stored blob that entered through an upload (multipart, tus, the
-- CLI's publish), written in the transaction that records the upload. `held` says the other side must not see
-- the files on this blob (scanning, infected, or unscanned under SCAN_UNSCANNED=block); every list, download,
-- zip and preview reads it. `pending` says a scan is due (the first one, a retry after a failure, or a rescan
-- asked by `portico scan --all` or RESCAN_DAYS); the scan job claims due rows by `next_attempt_at`, so a process
-- killed in the middle of a scan leaves a row that the next run (or the lease's end) takes up again.
CREATE TABLE blob_scans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code text NOT NULL REFERENCES tenants (code) ON DELETE CASCADE,
  blob_key text NOT NULL UNIQUE,
  site_id uuid,
  file_name text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  state text NOT NULL CHECK (state IN ('scanning', 'clean', 'infected', 'unscanned')),
  held boolean NOT NULL,
  pending boolean NOT NULL,
  signature text,
  failures integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  scanned_at timestamptz,
  -- Infected: where the bytes were moved (out of every download path), when, and when they were deleted.
  quarantine_key text,
  quarantined_at timestamptz,
  purged_at timestamptz
);
-- The scan job's claim, across tenants.
CREATE INDEX blob_scans_due ON blob_scans (next_attempt_at) WHERE pending;
-- The staff's quarantine list and the quarantine sweep.
CREATE INDEX blob_scans_quarantine ON blob_scans (tenant_code, quarantined_at)
  WHERE state = 'infected' AND purged_at IS NULL;
-- The orphan-blob sweep keeps quarantined bytes.
CREATE INDEX blob_scans_quarantine_key ON blob_scans (quarantine_key) WHERE quarantine_key IS NOT NULL;
-- The periodic rescan (RESCAN_DAYS): files not scanned for a while.
CREATE INDEX blob_scans_last_scan ON blob_scans (scanned_at) WHERE state IN ('clean', 'unscanned');

-- What was stored before scanning existed was never scanned: known, visible, and found by `portico scan --all`.
INSERT INTO blob_scans (tenant_code, blob_key, site_id, file_name, size, uploaded_by, state, held, pending)
SELECT tenant_code, blob_key, site_id, file_name, size, created_by, 'unscanned', false, false FROM files
ON CONFLICT (blob_key) DO NOTHING;
INSERT INTO blob_scans (tenant_code, blob_key, site_id, file_name, size, uploaded_by, state, held, pending)
SELECT tenant_code, blob_key, site_id, file_name, size, created_by, 'unscanned', false, false FROM uploads
ON CONFLICT (blob_key) DO NOTHING;

ALTER TABLE blob_scans ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blob_scans
  USING (tenant_code = current_setting('app.tenant', true))
  WITH CHECK (tenant_code = current_setting('app.tenant', true));
GRANT SELECT, INSERT, UPDATE ON blob_scans TO portico_app;

-- The staff's Quarantine page, last in every firm's staff menu.
INSERT INTO menu_items (tenant_code, audience, key, name, sort_order)
SELECT t.code, 'staff', 'quarantine', 'Quarantine',
  coalesce((SELECT max(m.sort_order) FROM menu_items m WHERE m.tenant_code = t.code AND m.audience = 'staff'), 0) + 1
FROM tenants t
ON CONFLICT (tenant_code, audience, key) DO NOTHING;
