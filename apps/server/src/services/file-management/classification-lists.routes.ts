import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BulkCategoryBodySchema,
  BulkResultSchema,
  CategoryListSchema,
  CategorySchema,
  ClassificationParamsSchema,
  CreateCategoryBodySchema,
  CreateProjectBodySchema,
  ErrorBodySchema,
  FileParamsSchema,
  ProjectListSchema,
  ProjectSchema,
  ProjectsQuerySchema,
  SetFileCategoryBodySchema,
  SetFileProjectBodySchema,
  TenantParamsSchema,
  UpdateCategoryBodySchema,
  UpdateProjectBodySchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import { callerOf } from '../../auth/current-user.ts';
import {
  bulkSetCategory,
  createCategory,
  getCategories,
  removeCategory,
  setFileCategory,
  updateCategory,
} from '../../categories/categories.usecases.ts';
import type { Database } from '../../db/database.ts';
import {
  createProject,
  getProjects,
  setFileProject,
  updateProject,
} from '../../projects/projects.usecases.ts';
import { fileActionNote } from '../../sites/access.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['file-management'], security: [{ bearer: [] }] };
const STAFF_ONLY = ' Staff only: anybody else gets 403 `auth.staff_only`.';

/** Categories and projects (issue 27 items 4 and 5, decision 58): the lists, and a file's category and project. */
export const classificationListRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/categories',
    {
      schema: {
        ...doc,
        summary: 'The tenant’s categories (document types)',
        description: 'Every signed-in caller of the tenant reads them, in the order staff gave them.',
        params: TenantParamsSchema,
        response: { 200: CategoryListSchema, ...errors },
      },
    },
    async (request) => getCategories(db, callerOf(request)),
  );

  app.post(
    '/api/categories',
    {
      schema: {
        ...doc,
        summary: 'Add a category',
        description: `A name the tenant has already, ignoring case, answers 409 \`name.taken\`.${STAFF_ONLY}`,
        params: TenantParamsSchema,
        body: CreateCategoryBodySchema,
        response: { 201: CategorySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createCategory(db, callerOf(request), request.body.name);
    },
  );

  app.patch(
    '/api/categories/:id',
    {
      schema: {
        ...doc,
        summary: 'Rename a category',
        description:
          'Its files keep it. Another category’s name, ignoring case, answers 409 `name.taken`; an id that is ' +
          `not one of the tenant's categories 404 \`categories.not_found\`.${STAFF_ONLY}`,
        params: ClassificationParamsSchema,
        body: UpdateCategoryBodySchema,
        response: { 200: CategorySchema, ...errors },
      },
    },
    async (request) => updateCategory(db, callerOf(request), request.params.id, request.body.name),
  );

  app.delete(
    '/api/categories/:id',
    {
      schema: {
        ...doc,
        summary: 'Remove a category',
        description: `The files that had it have no category afterwards.${STAFF_ONLY}`,
        params: ClassificationParamsSchema,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeCategory(db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/files/:id/category',
    {
      schema: {
        ...doc,
        summary: 'Set a file’s category',
        description:
          '`categoryId` null clears it. A category that is not one of the tenant’s answers 404 ' +
          `\`categories.not_found\`. Recorded in the file's history.${fileActionNote('files.recategorize')}`,
        params: FileParamsSchema,
        body: SetFileCategoryBodySchema,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await setFileCategory(db, callerOf(request), request.params.id, request.body.categoryId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/files/category',
    {
      schema: {
        ...doc,
        summary: 'Set the category of several files at once',
        description:
          'All or none: every file must be one the caller may recategorize (404 `files.not_found` if any is not ' +
          'a live file of a site the caller sees, checked before any flag; then 403 from the first site whose ' +
          'flags refuse), and the category one of the tenant’s (404 `categories.not_found`). Answers how many ' +
          `files changed; each is a line of its history.${fileActionNote('files.recategorize')}`,
        params: TenantParamsSchema,
        body: BulkCategoryBodySchema,
        response: { 200: BulkResultSchema, ...errors },
      },
    },
    async (request) => bulkSetCategory(db, callerOf(request), request.body.fileIds, request.body.categoryId),
  );

  app.get(
    '/api/projects',
    {
      schema: {
        ...doc,
        summary: 'A site’s projects',
        description:
          'Open ones first, then by name. A site the caller may not see answers 404 `sites.not_found`.',
        params: TenantParamsSchema,
        querystring: ProjectsQuerySchema,
        response: { 200: ProjectListSchema, ...errors },
      },
    },
    async (request) => getProjects(db, callerOf(request), request.query.siteId),
  );

  app.post(
    '/api/projects',
    {
      schema: {
        ...doc,
        summary: 'Add a project to a site',
        description: `It starts open. A name the site has already, ignoring case, answers 409 \`name.taken\`.${STAFF_ONLY}`,
        params: TenantParamsSchema,
        body: CreateProjectBodySchema,
        response: { 201: ProjectSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createProject(db, callerOf(request), request.body);
    },
  );

  app.patch(
    '/api/projects/:id',
    {
      schema: {
        ...doc,
        summary: 'Rename a project, or close or reopen it',
        description:
          'A closed project keeps its files and takes no new ones. Another project of the site with the name, ' +
          `ignoring case, answers 409 \`name.taken\`; an unknown id 404 \`projects.not_found\`.${STAFF_ONLY}`,
        params: ClassificationParamsSchema,
        body: UpdateProjectBodySchema,
        response: { 200: ProjectSchema, ...errors },
      },
    },
    async (request) => updateProject(db, callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/files/:id/project',
    {
      schema: {
        ...doc,
        summary: 'Put a file in a project',
        description:
          '`projectId` null takes it out. The project must be of the file’s own site (another site’s or ' +
          'tenant’s answers 404 `projects.not_found`) and open (409 `project.closed`). Recorded in the file’s ' +
          `history.${fileActionNote('files.setProject')}`,
        params: FileParamsSchema,
        body: SetFileProjectBodySchema,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await setFileProject(db, callerOf(request), request.params.id, request.body.projectId);
      return reply.code(204).send(null);
    },
  );
};
