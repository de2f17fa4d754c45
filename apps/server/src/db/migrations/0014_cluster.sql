-- What several server processes on one database share (decision 37). Neither table is tenant data: the owner
-- connection reads and writes them, the application role has no grant, and row-level security with no policy
-- keeps it out should a grant ever be added by mistake.

-- One row per periodic job and period: the process that inserts it runs that period's work, so each period's
-- work runs once across every process (db/periodic-jobs.ts). finished_at stays NULL for a run cut short.
CREATE TABLE job_runs (
  job text NOT NULL,
  period_start timestamptz NOT NULL,
  runner text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (job, period_start)
);
CREATE INDEX job_runs_started ON job_runs (started_at);
ALTER TABLE job_runs ENABLE ROW LEVEL SECURITY;

-- The embedded OpenID provider's signing keys (private JWKs) and cookie keys, created once by whichever process
-- starts first, so every process signs and verifies with the same keys (idp/signing-keys.ts).
CREATE TABLE provider_secrets (
  name text PRIMARY KEY CHECK (name IN ('jwks', 'cookie-keys')),
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE provider_secrets ENABLE ROW LEVEL SECURITY;
