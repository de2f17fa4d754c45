/** What a download or a zip needs of a file row. */
export interface StoredFile {
  id: string;
  siteId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  blobKey: string;
  createdAt: Date;
  /** The folder it sits in (null: the site's root), when the query read it. */
  folderId?: string | null;
  /** In a zip: the folders its entry sits in (`2025/Q1`), their names already made safe; absent: the top. */
  zipFolder?: string;
}
