-- Issue 25 item 5, decision 42: a tus PATCH writes its part under its final key as the bytes arrive, and records
-- that key first. After a crash (kill -9) the bytes that had arrived are found there and kept as a part, so the
-- client resumes after them instead of sending the whole PATCH again. NULL when no PATCH is being written.
ALTER TABLE tus_uploads ADD COLUMN writing_key text;
