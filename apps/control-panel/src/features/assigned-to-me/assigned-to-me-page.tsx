import { type AssignedFileTargets, AssignedToMePage } from '@portico/web-shell/assigned-to-me';
import { useNavigate } from 'react-router';

/** The staff's routes for a file of each direction (as the Publish and Submissions pages use them). */
const TARGETS: AssignedFileTargets = {
  published: {
    downloads: { service: 'file-management', ticketsUrl: 'api/staff/published-files/download-tickets' },
    preview: {
      service: 'file-management',
      previewUrl: (id) => `api/staff/published-files/${encodeURIComponent(id)}/preview`,
    },
  },
  submitted: {
    downloads: { service: 'portal', ticketsUrl: 'api/staff/submissions/download-tickets' },
    preview: {
      service: 'portal',
      previewUrl: (id) => `api/staff/submissions/${encodeURIComponent(id)}/preview`,
    },
  },
};

/** `/assigned-to-me`: the files handed to this staff member; "Open site" shows the site on Publish or Submissions. */
export default function StaffAssignedToMePage() {
  const navigate = useNavigate();
  return (
    <AssignedToMePage
      targets={TARGETS}
      onOpenSite={(file) =>
        void navigate(
          `/${file.direction === 'published' ? 'publish' : 'submissions'}?siteId=${encodeURIComponent(file.siteId)}`,
        )
      }
    />
  );
}
