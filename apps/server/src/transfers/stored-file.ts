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
}
