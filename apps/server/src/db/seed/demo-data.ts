import type { Mark } from './demo-images.ts';

export const DEMO_PASSWORD = 'portico';

export interface DemoTenant {
  code: string;
  displayName: string;
  mark: Mark;
  colors: { primary: string; secondary: string; tertiary: string };
}

export const DEMO_TENANTS: DemoTenant[] = [
  {
    code: 'acme',
    displayName: 'Acme Accounting',
    mark: 'triangle',
    colors: { primary: '1F4E79', secondary: 'F2A900', tertiary: 'E8F1F8' },
  },
  {
    code: 'globex',
    displayName: 'Globex Legal',
    mark: 'globe',
    colors: { primary: '5B2A86', secondary: '2EC4B6', tertiary: 'F3EEF8' },
  },
];

export interface DemoUser {
  username: string;
  name: string;
  email: string;
  role: string;
}

export const DEMO_USERS = [
  {
    username: 'alice',
    name: 'Alice Smith',
    email: 'alice@example.com',
    role: 'client of Acme and Globex sites',
  },
  { username: 'bob', name: 'Bob Baker', email: 'bob@example.com', role: 'client of one Acme site' },
  { username: 'carol', name: 'Carol Chen', email: 'carol@acme.example', role: 'staff of Acme Accounting' },
  { username: 'dave', name: 'Dave Dorsey', email: 'dave@globex.example', role: 'staff of Globex Legal' },
] as const satisfies readonly DemoUser[];

export const DEMO_STAFF: Record<string, string[]> = { acme: ['carol'], globex: ['dave'] };

export interface DemoSite {
  tenant: string;
  name: string;
  reference: string;
  members: string[];
  published: { title: string; fileName: string; daysAgo: number; paragraphs: string[] }[];
}

const letter = (subject: string) => [
  `This document concerns ${subject}. It was generated for the Portico demonstration and contains no real data.`,
  'Please review it at your convenience and send any questions or signed copies back through the portal, under Submitted Files.',
];

export const DEMO_SITES: DemoSite[] = [
  {
    tenant: 'acme',
    name: "Bob's Bakery Ltd",
    reference: 'ACME-1001',
    members: ['bob'],
    published: [
      {
        title: 'Engagement letter 2026',
        fileName: 'Engagement letter 2026.pdf',
        daysAgo: 40,
        paragraphs: letter('our engagement for the 2026 financial year'),
      },
      {
        title: 'Annual accounts 2025',
        fileName: 'Annual accounts 2025.pdf',
        daysAgo: 12,
        paragraphs: letter('the annual accounts for 2025'),
      },
      {
        title: 'VAT return Q3',
        fileName: 'VAT return Q3 2026.pdf',
        daysAgo: 3,
        paragraphs: letter('the VAT return for the third quarter of 2026'),
      },
    ],
  },
  {
    tenant: 'acme',
    name: 'Alice Smith — Personal Tax',
    reference: 'ACME-1002',
    members: ['alice'],
    published: [
      {
        title: 'Tax return 2025',
        fileName: 'Tax return 2025.pdf',
        daysAgo: 20,
        paragraphs: letter('your personal tax return for 2025'),
      },
      {
        title: 'Document checklist',
        fileName: 'Document checklist.pdf',
        daysAgo: 5,
        paragraphs: letter('the documents we need from you this year'),
      },
    ],
  },
  {
    tenant: 'acme',
    name: 'Northwind Traders',
    reference: 'ACME-1003',
    members: [],
    published: [
      {
        title: 'Payroll summary October',
        fileName: 'Payroll summary October.pdf',
        daysAgo: 8,
        paragraphs: letter('the October payroll'),
      },
    ],
  },
  {
    tenant: 'globex',
    name: 'Alice Smith — Estate Planning',
    reference: 'GLX-2001',
    members: ['alice'],
    published: [
      {
        title: 'Draft will',
        fileName: 'Draft will.pdf',
        daysAgo: 15,
        paragraphs: letter('the draft of your will'),
      },
      {
        title: 'Power of attorney',
        fileName: 'Power of attorney.pdf',
        daysAgo: 2,
        paragraphs: letter('a lasting power of attorney'),
      },
    ],
  },
  {
    tenant: 'globex',
    name: 'Initech Litigation',
    reference: 'GLX-2002',
    members: [],
    published: [
      {
        title: 'Case summary',
        fileName: 'Case summary.pdf',
        daysAgo: 30,
        paragraphs: letter('the state of the proceedings'),
      },
    ],
  },
];

/** The side-menu entries each audience gets by default; the server menu decides what a front end shows. */
export const DEMO_MENU = {
  client: [
    { key: 'submittedFiles', name: 'Submitted Files', order: 1 },
    { key: 'publishedFiles', name: 'Published Files', order: 2 },
  ],
  staff: [
    { key: 'sites', name: 'Sites', order: 1 },
    { key: 'publish', name: 'Publish', order: 2 },
    { key: 'submissions', name: 'Submissions', order: 3 },
    { key: 'branding', name: 'Branding', order: 4 },
    { key: 'fileAreaSettings', name: 'File-area settings', order: 5 },
    { key: 'navigationMenu', name: 'Navigation menu', order: 6 },
    { key: 'auditLog', name: 'Audit log', order: 7 },
  ],
};

/** The tenant defaults the demo starts with: clients may view, download and upload. */
export const DEMO_FILE_AREA_SETTINGS = {
  portalFilesView: true,
  internalFilesView: true,
  internalFilesDownload: true,
  internalFilesUpload: true,
  internalFilesDelete: true,
};
