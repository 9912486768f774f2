// Published data (issue 30): the public datasets regulators publish from submitted reports — the
// states of a version, its files and what the API answers (which reports can be published is in
// processes/published-data.ts). Shared by the API, the worker and the SPA. How it works:
// docs/published-data.md.
import { competentAuthorityLabels, type CompetentAuthority } from './authorities';

export const PUBLISHED_DESCRIPTION_MAX = 500;
export const PUBLISHED_PAGE_SIZE = 20;
export const WITHDRAWAL_REASON_MAX = 500;
export const ENTER_WITHDRAWAL_REASON = 'Enter why the data is withdrawn';

/** A free-text column of a version's files and how many of its cells hold something: what its regulator reads first. */
export interface FreeTextColumn {
  column: string;
  cells: number;
}

/**
 * A version's states: being built by its workflow, built and waiting for its regulator to review the
 * files (READY), published (served), failed, withdrawn (kept, not served).
 */
export const publishedStatuses = ['BUILDING', 'READY', 'PUBLISHED', 'FAILED', 'WITHDRAWN'] as const;
export type PublishedStatus = (typeof publishedStatuses)[number];
export const publishedStatusLabels: Record<PublishedStatus, string> = {
  BUILDING: 'Being built',
  READY: 'Ready to review',
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

/** Each row's digest and organisation by request id: what the next version's change log compares with. */
export type RowDigests = Record<string, { digest: string; organisationName: string }>;

/** The accounts added, changed and removed between two versions' rows. */
export function changesBetween(since: number | null, before: RowDigests | null, after: RowDigests): PublishedChanges {
  const entry = (requestId: string, organisationName: string) => ({ requestId, organisationName });
  const old = before ?? {};
  return {
    since,
    added: Object.entries(after)
      .filter(([id]) => !(id in old))
      .map(([id, r]) => entry(id, r.organisationName)),
    changed: Object.entries(after)
      .filter(([id, r]) => id in old && old[id]!.digest !== r.digest)
      .map(([id, r]) => entry(id, r.organisationName)),
    removed: Object.entries(old)
      .filter(([id]) => !(id in after))
      .map(([id, r]) => entry(id, r.organisationName)),
  };
}

export interface PublishedFile {
  format: PublishedFormat;
  fileName: string;
  size: number;
  /** Its address under /api. */
  url: string;
}

/** A published version as anyone sees it (GET /published-data); a withdrawn one with when and why, and no files. */
export interface PublicDataset {
  id: number;
  status: 'PUBLISHED' | 'WITHDRAWN';
  withdrawnAt: string | null;
  withdrawalReason: string | null;
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
  publishedBy: string | null;
  withdrawnAt: string | null;
  withdrawnBy: string | null;
  withdrawalReason: string | null;
  /** Once built: the free-text columns of its files with their counts of filled cells. */
  freeText: FreeTextColumn[] | null;
  rows: number | null;
  changes: PublishedChanges | null;
  /** A published version's public files; a version ready to review, the same files for its regulators only. */
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
