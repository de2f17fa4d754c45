import type { Project, StaffSite } from '@portico/contracts';
import {
  Button,
  describeQueryError,
  notify,
  QueryErrorAlert,
  Skeleton,
  useCreateProjectMutation,
  useGetProjectsQuery,
  useUpdateProjectMutation,
} from '@portico/web-shell';
import { Drawer } from 'antd';
import { AddNameForm, NameRow } from './name-row.tsx';

/**
 * A site's projects (issue 27 item 5): its engagements ("2025 Personal Tax"), open ones first. Staff add, rename,
 * close and reopen them; a closed project keeps its files and takes no new ones. Clients put files in the open
 * ones where the site's `internalFileSetProject` lets them.
 */
export default function SiteProjectsDrawer({
  site,
  onClose,
}: {
  site: StaffSite | undefined;
  onClose: () => void;
}) {
  const projects = useGetProjectsQuery({ siteId: site?.id ?? '' }, { skip: !site });
  const [create, creating] = useCreateProjectMutation();
  const [update, updating] = useUpdateProjectMutation();
  const records = projects.currentData?.records ?? [];

  const setStatus = async (project: Project, status: Project['status']) => {
    try {
      await update({ id: project.id, status }).unwrap();
      notify.success(
        status === 'closed' ? 'Project closed' : 'Project reopened',
        status === 'closed' ? `${project.name} takes no new files.` : `${project.name} takes files again.`,
      );
    } catch (error) {
      notify.error('The project could not be changed', describeQueryError(error));
    }
  };

  return (
    <Drawer
      open={!!site}
      onClose={onClose}
      title={site ? `Projects of ${site.name}` : 'Projects'}
      size={560}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      data-testid="projects-drawer"
    >
      <div className="portico-stack">
        <p style={{ margin: 0 }}>
          A project groups the site’s files of one engagement. A file belongs to at most one; a closed project
          keeps its files and takes no new ones.
        </p>
        {projects.error ? (
          <QueryErrorAlert
            title="The projects could not be loaded"
            error={projects.error}
            onRetry={() => void projects.refetch()}
          />
        ) : !projects.currentData ? (
          <Skeleton rows={3} label="Loading the projects…" />
        ) : records.length === 0 ? (
          <p data-testid="projects-empty">This site has no projects yet.</p>
        ) : (
          <ul className="portico-classify-list" aria-label="Projects">
            {records.map((p) => (
              <NameRow
                key={p.id}
                name={p.name}
                what="project"
                extra={
                  p.status === 'closed' ? (
                    <span className="portico-classify-hint" data-testid="project-closed">
                      (closed)
                    </span>
                  ) : null
                }
                renaming={
                  updating.isLoading && updating.originalArgs?.id === p.id && !!updating.originalArgs.name
                }
                onRename={async (name) => {
                  await update({ id: p.id, name }).unwrap();
                  notify.success('Project renamed', `${p.name} is now ${name}.`);
                }}
                testId="project-row"
              >
                <Button
                  size="small"
                  aria-label={`${p.status === 'open' ? 'Close' : 'Reopen'} ${p.name}`}
                  loading={
                    updating.isLoading && updating.originalArgs?.id === p.id && !!updating.originalArgs.status
                  }
                  onClick={() => void setStatus(p, p.status === 'open' ? 'closed' : 'open')}
                  data-testid={p.status === 'open' ? 'project-close' : 'project-reopen'}
                >
                  {p.status === 'open' ? 'Close' : 'Reopen'}
                </Button>
              </NameRow>
            ))}
          </ul>
        )}
        {site ? (
          <AddNameForm
            label="New project"
            maxLength={100}
            adding={creating.isLoading}
            onAdd={async (name) => {
              await create({ siteId: site.id, name }).unwrap();
              notify.success('Project added', `${name} is open for ${site.name}’s files.`);
            }}
            testId="project-add"
          />
        ) : null}
      </div>
    </Drawer>
  );
}
