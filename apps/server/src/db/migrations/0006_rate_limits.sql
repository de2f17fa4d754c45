-- Rate-limit counters (the sign-in form's), shared by every server process on this database: one row per client
-- key and route, counting hits in a fixed window that ends at window_ends_at. Not tenant data: the owner
-- connection reads and writes it, as with the identity provider's own tables.

CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  window_ends_at timestamptz NOT NULL,
  hits integer NOT NULL
);
