-- Client publishing (issue 27 item 9, decision 60). While a client's submitted file is published, its review note
-- (files.status_note, which a published file uses for its own status note) waits here, so that the firm's note to
-- the submitter is never shown to the site's other members, and comes back unchanged when the file is taken back.
ALTER TABLE files ADD COLUMN review_note_while_published text;
