-- The file_tags insert trigger (migration 0036) runs only for a row that lacks the file's copies: the bulk tagging
-- statement gives them, and calling a PL/pgSQL function for each of its up to 10,000 rows only to return at once is
-- work for nothing.
DROP TRIGGER file_tags_from_file ON file_tags;
CREATE TRIGGER file_tags_from_file BEFORE INSERT ON file_tags
  FOR EACH ROW
  WHEN (NEW.site_id IS NULL OR NEW.direction IS NULL OR NEW.created_at IS NULL OR NEW.live IS NULL)
  EXECUTE FUNCTION file_tags_from_file();
