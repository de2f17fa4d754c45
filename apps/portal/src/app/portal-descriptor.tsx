import {
  FileAddOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  MailOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { PORTAL_MENU_KEYS, POST_SIGN_IN_REDIRECT } from '@portico/contracts';
import type { AppDescriptor } from '@portico/web-shell';
import { uploaderSlice } from '../features/site-files/uploader-slice.ts';

/** The client portal as the web shell runs it: routes and menu keys of SPEC §2, the `portal` OIDC client. */
export const portalDescriptor: AppDescriptor = {
  id: 'portal',
  name: 'Portico',
  basePath: '/',
  client: 'portal',
  clientType: 'portal',
  audience: 'client',
  homePath: POST_SIGN_IN_REDIRECT,
  // The uploader's pending files (SPEC §4): the portal's own state, persisted with the shell's.
  slices: [uploaderSlice],
  pages: [
    {
      path: 'publishedFiles',
      menuKey: PORTAL_MENU_KEYS.publishedFiles,
      title: 'Published Files',
      icon: <FileDoneOutlined />,
      badge: 'publishedFileCount',
      // The first screen of a client who opens their documents: drawn without antd (decision 40).
      antd: false,
      load: () =>
        import('../features/site-files/components/site-files-page.tsx').then((module) => ({
          default: module.PublishedFilesPage,
        })),
    },
    {
      path: 'submittedFiles',
      menuKey: PORTAL_MENU_KEYS.submittedFiles,
      title: 'Submitted Files',
      icon: <FileAddOutlined />,
      load: () => import('../features/site-files/components/submitted-files-page.tsx'),
    },
    {
      path: 'requestedDocuments',
      menuKey: PORTAL_MENU_KEYS.requestedDocuments,
      title: 'Requested Documents',
      icon: <FileSearchOutlined />,
      badge: 'openRequestItemCount',
      load: () => import('../features/requested-documents/components/requested-documents-page.tsx'),
    },
    {
      path: 'assignedToMe',
      menuKey: PORTAL_MENU_KEYS.assignedToMe,
      title: 'Assigned to me',
      icon: <UserOutlined />,
      badge: 'assignedToMeCount',
      load: () => import('../features/site-files/components/assigned-to-me-page.tsx'),
    },
    {
      path: 'notifications',
      menuKey: PORTAL_MENU_KEYS.notifications,
      title: 'Notifications',
      icon: <MailOutlined />,
      // The web shell's page, then what the client follows (decision 59).
      load: () => import('../features/notifications/notifications-page.tsx'),
    },
  ],
};
