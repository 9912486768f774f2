// Published data (issue 30): the public datasets regulators publish from submitted reports — the
// states of a version, its files and what the API answers (which reports can be published is in
// processes/published-data.ts). Shared by the API, the worker and the SPA. How it works:
// docs/published-data.md.
import * as v from 'valibot';
import { competentAuthorities, competentAuthorityLabels, type CompetentAuthority } from './authorities';

export const PUBLISHED_DESCRIPTION_MAX = 500;
export const PUBLISHED_PAGE_SIZE = 20;
export const WITHDRAWAL_REASON_MAX = 500;
export const ENTER_WITHDRAWAL_REASON = 'Enter why the data is withdrawn';

/** A free-text column of a version's files and how many of its cells hold something: what its regulator reads first. */
const freeTextColumnSchema = v.object({ column: v.string(), cells: v.number() });
export type FreeTextColumn = v.InferOutput<typeof freeTextColumnSchema>;

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
const changedRows = v.array(v.object({ requestId: v.string(), organisationName: v.string() }));
const publishedChangesSchema = v.object({
  /** The version compared with; null for a first version (every row is added). */
  since: v.nullable(v.number()),
  added: changedRows,
  changed: changedRows,
  removed: changedRows,
});
export type PublishedChanges = v.InferOutput<typeof publishedChangesSchema>;

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

const publishedFileSchema = v.object({
  format: v.picklist(publishedFormats),
  fileName: v.string(),
  size: v.number(),
  /** Its address under /api. */
  url: v.string(),
});
export type PublishedFile = v.InferOutput<typeof publishedFileSchema>;

/** A published version as anyone sees it (GET /published-data); a withdrawn one with when and why, and no files. */
const publicDatasetSchema = v.object({
  id: v.number(),
  status: v.picklist(['PUBLISHED', 'WITHDRAWN']),
  withdrawnAt: v.nullable(v.string()),
  withdrawalReason: v.nullable(v.string()),
  title: v.string(),
  reportType: v.string(),
  competentAuthority: v.picklist(competentAuthorities),
  publisher: v.string(),
  version: v.number(),
  description: v.string(),
  publishedAt: v.string(),
  rows: v.number(),
  files: v.array(publishedFileSchema),
});
export type PublicDataset = v.InferOutput<typeof publicDatasetSchema>;

export const publicDatasetPageSchema = v.object({
  items: v.array(publicDatasetSchema),
  total: v.number(),
  page: v.number(),
  size: v.number(),
});
export type PublicDatasetPage = v.InferOutput<typeof publicDatasetPageSchema>;

/** A version as its regulators see it (GET /published-data/versions). */
export const publishedVersionSchema = v.object({
  id: v.number(),
  title: v.string(),
  reportType: v.string(),
  version: v.number(),
  status: v.picklist(publishedStatuses),
  progress: v.picklist(Object.keys(publishedProgressLabels) as PublishedProgress[]),
  description: v.string(),
  requestedBy: v.string(),
  requestedAt: v.string(),
  publishedAt: v.nullable(v.string()),
  publishedBy: v.nullable(v.string()),
  withdrawnAt: v.nullable(v.string()),
  withdrawnBy: v.nullable(v.string()),
  withdrawalReason: v.nullable(v.string()),
  /** Once built: the free-text columns of its files with their counts of filled cells. */
  freeText: v.nullable(v.array(freeTextColumnSchema)),
  rows: v.nullable(v.number()),
  changes: v.nullable(publishedChangesSchema),
  /** A published version's public files; a version ready to review, the same files for its regulators only. */
  files: v.array(publishedFileSchema),
});
export type PublishedVersion = v.InferOutput<typeof publishedVersionSchema>;

export const publishedVersionPageSchema = v.object({
  reports: v.array(v.object({ reportType: v.string(), title: v.string() })),
  items: v.array(publishedVersionSchema),
  total: v.number(),
  page: v.number(),
  size: v.number(),
});
export type PublishedVersionPage = v.InferOutput<typeof publishedVersionPageSchema>;

/** The id of the workflow that publishes a version (workflows/published-data.ts). */
export const publishedDataWorkflowId = (datasetId: number) => `published-data-${datasetId}`;

export const publisherOf = (ca: CompetentAuthority) => competentAuthorityLabels[ca];

/** '12 KB', '1.4 MB' (GOV.UK attachments). */
export function formatPublishedSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
