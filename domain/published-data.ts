// Published data (issue 30): the public datasets regulators publish from submitted reports — the
// states of a version, its files and what the API answers (which reports can be published is in
// processes/published-data.ts). Shared by the API, the worker and the SPA. How it works:
// docs/published-data.md.
import { competentAuthorityLabels, type CompetentAuthority } from './authorities';

export const PUBLISHED_DESCRIPTION_MAX = 500;
export const PUBLISHED_PAGE_SIZE = 20;

/** A version's states: being built by its workflow, published (served), failed, withdrawn (kept, not served). */
export const publishedStatuses = ['BUILDING', 'PUBLISHED', 'FAILED', 'WITHDRAWN'] as const;
export type PublishedStatus = (typeof publishedStatuses)[number];
export const publishedStatusLabels: Record<PublishedStatus, string> = {
  BUILDING: 'Being published',
  PUBLISHED: 'Published',
  FAILED: 'Failed',
  WITHDRAWN: 'Withdrawn',
};

/** The steps of a version's workflow, as its progress shows them. */
export const publishedProgressLabels = {
  QUEUED: 'Waiting to start',
  READING: 'Reading submitted reports',
  WRITTEN: 'Files written',
  DONE: 'Done',
} as const;
export type PublishedProgress = keyof typeof publishedProgressLabels;

export const phaseLabel = (phase: string) => phase.replace(/^P(\d+)$/, 'phase $1');

export const publishedFormats = ['xlsx', 'csv'] as const;
export type PublishedFormat = (typeof publishedFormats)[number];
export const publishedFormatLabels: Record<PublishedFormat, string> = { xlsx: 'Excel workbook (XLSX)', csv: 'CSV' };

/** The accounts whose rows a version added, changed or removed since the version before it. */
export interface PublishedChanges {
  /** The version compared with; null for a first version (every row is added). */
  since: number | null;
  added: { requestId: string; organisationName: string }[];
  changed: { requestId: string; organisationName: string }[];
  removed: { requestId: string; organisationName: string }[];
}

export interface PublishedFile {
  format: PublishedFormat;
  fileName: string;
  size: number;
  /** Its address under /api. */
  url: string;
}

/** A published version as anyone sees it (GET /published-data). */
export interface PublicDataset {
  id: number;
  title: string;
  reportType: string;
  competentAuthority: CompetentAuthority;
  publisher: string;
  version: number;
  description: string;
  publishedAt: string;
  rows: number;
  files: PublishedFile[];
}

export interface PublicDatasetPage {
  items: PublicDataset[];
  total: number;
  page: number;
  size: number;
}

/** A version as its regulators see it (GET /published-data/versions). */
export interface PublishedVersion {
  id: number;
  title: string;
  reportType: string;
  version: number;
  status: PublishedStatus;
  progress: PublishedProgress;
  description: string;
  requestedBy: string;
  requestedAt: string;
  publishedAt: string | null;
  withdrawnAt: string | null;
  withdrawnBy: string | null;
  rows: number | null;
  changes: PublishedChanges | null;
  files: PublishedFile[];
}

export interface PublishedVersionPage {
  reports: { reportType: string; title: string }[];
  items: PublishedVersion[];
  total: number;
  page: number;
  size: number;
}

/** The id of the workflow that publishes a version (workflows/published-data.ts). */
export const publishedDataWorkflowId = (datasetId: number) => `published-data-${datasetId}`;

export const publisherOf = (ca: CompetentAuthority) => competentAuthorityLabels[ca];

/** '12 KB', '1.4 MB' (GOV.UK attachments). */
export function formatPublishedSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
