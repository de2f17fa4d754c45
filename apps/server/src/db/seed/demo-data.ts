import { NEW_TENANT_FILE_AREA_SETTINGS, NEW_TENANT_MENU } from '../../tenants/tenant-rows.ts';
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

/** The demo firms start like any new firm (tenants/tenant-rows.ts). */
export const DEMO_MENU = NEW_TENANT_MENU;
export const DEMO_FILE_AREA_SETTINGS = NEW_TENANT_FILE_AREA_SETTINGS;

/** A document-request template every demo firm starts with (the firm applies it to many sites at once). */
export const DEMO_REQUEST_TEMPLATE = {
  name: 'Personal tax return 2025',
  title: 'Personal tax return 2025',
  note: 'Please send us these documents so that we can prepare your 2025 tax return.',
  items: [
    { name: 'P60 for 2025', description: 'From your employer.', required: true, multiple: false },
    {
      name: 'Bank statements',
      description: 'Every account, April 2025 to April 2026.',
      required: true,
      multiple: true,
    },
    { name: 'Charitable donation receipts', required: false, multiple: true },
  ],
};
