import { PUBLISHED_FILES } from '../file-directions.tsx';
import { SiteFilesPage } from './site-files-page.tsx';

/** `/publishedFiles` (SPEC §2): the documents the firm published to the selected site. */
export default function PublishedFilesPage() {
  return <SiteFilesPage direction={PUBLISHED_FILES} />;
}
