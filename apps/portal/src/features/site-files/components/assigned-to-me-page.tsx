import { useSelectSite } from '@portico/web-shell';
import { type AssignedFileTargets, AssignedToMePage } from '@portico/web-shell/assigned-to-me';
import { useNavigate } from 'react-router';
import { PUBLISHED_FILES, SUBMITTED_FILES } from '../file-directions.tsx';

const TARGETS: AssignedFileTargets = {
  published: { downloads: PUBLISHED_FILES.downloads, preview: PUBLISHED_FILES.preview },
  submitted: { downloads: SUBMITTED_FILES.downloads, preview: SUBMITTED_FILES.preview },
};

/** `/assignedToMe`: the files handed to the client; "Open site" selects the file's site and shows its list. */
export default function PortalAssignedToMePage() {
  const navigate = useNavigate();
  const selectSite = useSelectSite();
  return (
    <AssignedToMePage
      targets={TARGETS}
      onOpenSite={(file) => {
        selectSite(file.siteId);
        void navigate(file.direction === 'published' ? '/publishedFiles' : '/submittedFiles');
      }}
    />
  );
}
