// Published data (issue 30, 40; docs/published-data.md). Anyone may list the published versions (and
// the withdrawn ones, with when and why) and download their files (revalidated with ETags, streamed,
// limited per address); withdrawn, failed and unfinished ones are not served. A regulator with
// 'Publish data' lists their competent authority's versions, builds a new one (its workflow writes
// the files), reviews its exact files and free-text counts, publishes it, and withdraws one with a
// reason (its row is kept).
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import * as v from 'valibot';
import type { Knex } from 'knex';
import { PUBLIC, role, type RouteDef } from '../routing';
import { currentUser } from '../auth/current-user';
import { assertCaAccess } from '../auth/scope';
import { validate } from '../validate';
import { ApiError, conflict, notFound } from '../errors';
import { pageParams, pageQuery } from '../params';
import { contentDisposition } from '../files/downloads';
import { auditOrigin } from '../../infra/audit';
import { fullName } from '../../domain/work-items';
import { parseIdText } from '../../domain/validation/ids';
import { requiredText } from '../../domain/validation';
import type { CompetentAuthority } from '../../domain/authorities';
import { XLSX_TYPE } from '../../documents/workbook';
import {
  ENTER_WITHDRAWAL_REASON,
  WITHDRAWAL_REASON_MAX,
  changesBetween,
  publishedDataWorkflowId,
  publicDatasetPageSchema,
  publishedFormats,
  publishedVersionPageSchema,
  publishedVersionSchema,
  publisherOf,
  type PublicDataset,
  type PublicDatasetPage,
  type PublishedChanges,
  type PublishedFile,
  type PublishedFormat,
  type PublishedProgress,
  type PublishedStatus,
  type PublishedVersion,
  type PublishedVersionPage,
  type RowDigests,
} from '../../domain/published-data';
import { publishRequestSchema, publishableReport, publishableReports } from '../../processes/published-data';

const PERMISSION = 'PERM_PUBLISHED_DATA_EDIT' as const;
/**
 * A version's files never change, but a version can be withdrawn: caches keep a file and ask again
 * each time (a 304 costs no file read), so a withdrawal takes effect at once.
 */
const REVALIDATE = 'public, no-cache';
/** The files are read from the database and sent in pieces of this size, never whole in memory. */
const CHUNK = 1024 * 1024;
/** Anonymous downloads per address a minute (a 304 included): beyond, 429 with Retry-After. */
export const DOWNLOADS_PER_MINUTE = 60;
const downloads = new Map<string, number[]>();

/** Counts a download from an address; answers the seconds to wait when it is one too many. */
function downloadRetryAfter(address: string, now = Date.now()): number | null {
  const recent = (downloads.get(address) ?? []).filter((t) => t > now - 60_000);
  if (recent.length >= DOWNLOADS_PER_MINUTE) {
    downloads.set(address, recent);
    return Math.max(1, Math.ceil((recent[0]! + 60_000 - now) / 1000));
  }
  recent.push(now);
  downloads.set(address, recent);
  // Forget idle addresses now and then, so the map stays small.
  if (downloads.size > 10_000)
    for (const [key, times] of downloads) if (times.every((t) => t <= now - 60_000)) downloads.delete(key);
  return null;
}

const withdrawSchema = v.object({
  reason: requiredText(ENTER_WITHDRAWAL_REASON, { maxLength: WITHDRAWAL_REASON_MAX }),
});
const CONTENT_TYPES: Record<PublishedFormat, string> = { xlsx: XLSX_TYPE, csv: 'text/csv; charset=utf-8' };

type Row = Record<string, any>;

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const titleOf = (reportType: string) => publishableReport(reportType)?.title ?? reportType;
const fileUrl = (id: number, format: string) => `/v1.0/published-data/${id}/files/${format}`;
const previewUrl = (id: number, format: string) => `/v1.0/published-data/versions/${id}/files/${format}`;

async function filesOf(db: Knex, ids: number[], url = fileUrl): Promise<Map<number, PublishedFile[]>> {
  const rows: Row[] = ids.length
    ? await db('published_dataset_files')
        .whereIn('dataset_id', ids)
        .orderBy(['dataset_id', 'format'])
        .select('dataset_id', 'format', 'file_name', 'size')
    : [];
  const out = new Map<number, PublishedFile[]>();
  for (const r of rows) {
    const list = out.get(r.dataset_id) ?? [];
    list.push({ format: r.format, fileName: r.file_name, size: r.size, url: url(r.dataset_id, r.format) });
    out.set(r.dataset_id, list);
  }
  // xlsx first, then CSV.
  for (const list of out.values())
    list.sort((a, b) => publishedFormats.indexOf(a.format) - publishedFormats.indexOf(b.format));
  return out;
}

/** A version for its regulators: a published one's public files, the files to review of one that is ready. */
async function versionsOf(db: Knex, rows: Row[]): Promise<PublishedVersion[]> {
  const ids = (status: string) => rows.filter((r) => r.status === status).map((r) => r.id as number);
  const [published, ready] = await Promise.all([filesOf(db, ids('PUBLISHED')), filesOf(db, ids('READY'), previewUrl)]);
  return rows.map((r) => versionOf(r, published.get(r.id) ?? ready.get(r.id) ?? []));
}

function versionOf(r: Row, files: PublishedFile[]): PublishedVersion {
  return {
    id: r.id,
    title: titleOf(r.report_type),
    reportType: r.report_type,
    version: r.version,
    status: r.status as PublishedStatus,
    progress: r.progress as PublishedProgress,
    description: r.description,
    requestedBy: fullName({ firstName: r.requester_first_name, lastName: r.requester_last_name }),
    requestedAt: iso(r.requested_at)!,
    publishedAt: iso(r.published_at),
    publishedBy: r.published_by
      ? fullName({ firstName: r.publisher_first_name, lastName: r.publisher_last_name })
      : null,
    withdrawnAt: iso(r.withdrawn_at),
    withdrawnBy: r.withdrawn_by
      ? fullName({ firstName: r.withdrawer_first_name, lastName: r.withdrawer_last_name })
      : null,
    withdrawalReason: r.withdrawal_reason ?? null,
    freeText: r.free_text ?? null,
    rows: r.row_count,
    changes: (r.changes as PublishedChanges | null) ?? null,
    files: r.status === 'PUBLISHED' || r.status === 'READY' ? files : [],
  };
}

const versionsQuery = (db: Knex, ca: CompetentAuthority) =>
  db('published_datasets as d')
    .join('users as rq', 'rq.id', 'd.requested_by')
    .leftJoin('users as wd', 'wd.id', 'd.withdrawn_by')
    .leftJoin('users as pb', 'pb.id', 'd.published_by')
    .where('d.competent_authority', ca)
    .select(
      'd.*',
      'pb.first_name as publisher_first_name',
      'pb.last_name as publisher_last_name',
      'rq.first_name as requester_first_name',
      'rq.last_name as requester_last_name',
      'wd.first_name as withdrawer_first_name',
      'wd.last_name as withdrawer_last_name',
    );

/** A version of the caller's competent authority (404 for any other, or a malformed id). */
async function ownVersion(ctx: Context, db: Knex): Promise<{ ca: CompetentAuthority; row: Row }> {
  const ca = assertCaAccess(currentUser(ctx), PERMISSION);
  const id = parseIdText(ctx.params.id);
  const row = id === null ? undefined : await versionsQuery(db, ca).where('d.id', id).first();
  if (!row) throw notFound('Published data not found');
  return { ca, row };
}

/**
 * Sends a version's file: its headers and a 304 from the file's row without its bytes, then the
 * bytes read in pieces as the client takes them. `published`: only a published version's.
 */
async function sendFile(
  ctx: Context,
  db: Knex,
  { id, format, published, cache }: { id: number; format: PublishedFormat; published: boolean; cache: string },
): Promise<void> {
  const query = db('published_dataset_files as f')
    .join('published_datasets as d', 'd.id', 'f.dataset_id')
    .where({ 'f.dataset_id': id, 'f.format': format });
  if (published) query.where('d.status', 'PUBLISHED');
  const file: Row | undefined = await query.first('f.file_name', 'f.sha256', 'f.size');
  if (!file) throw notFound('Published data not found');
  const etag = `"${file.sha256}"`;
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', cache);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Disposition', contentDisposition(file.file_name));
  ctx.type = CONTENT_TYPES[format];
  if (
    ctx
      .get('if-none-match')
      .split(/\s*,\s*/)
      .some((t) => t === etag || t === `W/${etag}` || t === '*')
  ) {
    ctx.status = 304;
    return;
  }
  const size = Number(file.size);
  ctx.length = size;
  ctx.body = Readable.from(
    (async function* () {
      for (let offset = 0; offset < size; offset += CHUNK) {
        const chunk: Row | undefined = await db('published_dataset_files')
          .where({ dataset_id: id, format })
          .first(db.raw('substring(content from ? for ?) as part', [offset + 1, CHUNK]));
        if (!chunk) throw new Error('published file gone while it was sent');
        yield chunk.part as Buffer;
      }
    })(),
  );
}

export const publishedDataRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/published-data',
    access: PUBLIC,
    query: pageQuery,
    response: publicDatasetPageSchema,
    handler: async (ctx, { db }) => {
      const { page, size } = pageParams(ctx.query);
      // Published versions, and those withdrawn after they were (with when and why).
      const published = db('published_datasets')
        .whereNotNull('published_at')
        .whereIn('status', ['PUBLISHED', 'WITHDRAWN']);
      const [rows, count] = await Promise.all([
        published
          .clone()
          .orderBy([
            { column: 'published_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(size)
          .offset(page * size)
          .select(
            'id',
            'status',
            'competent_authority',
            'report_type',
            'version',
            'description',
            'published_at',
            'row_count',
            'withdrawn_at',
            'withdrawal_reason',
          ),
        published.clone().count<{ n: string }[]>({ n: '*' }).first(),
      ]);
      const files = await filesOf(
        db,
        rows.filter((r: Row) => r.status === 'PUBLISHED').map((r: Row) => r.id),
      );
      const items = rows.map((r: Row): PublicDataset => ({
        id: r.id,
        status: r.status,
        withdrawnAt: iso(r.withdrawn_at),
        withdrawalReason: r.status === 'WITHDRAWN' ? (r.withdrawal_reason ?? null) : null,
        title: titleOf(r.report_type),
        reportType: r.report_type,
        competentAuthority: r.competent_authority,
        publisher: publisherOf(r.competent_authority),
        version: r.version,
        description: r.description,
        publishedAt: iso(r.published_at)!,
        rows: r.row_count ?? 0,
        files: files.get(r.id) ?? [],
      }));
      const body: PublicDatasetPage = { items, total: Number(count?.n ?? 0), page, size };
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = body;
    },
  },
  {
    method: 'get',
    path: '/published-data/:id/files/:format',
    access: PUBLIC,
    // 304 to a request whose If-None-Match names the file's ETag; 429 past the downloads an address may make a minute.
    answers: [304, 429],
    handler: async (ctx, { db }) => {
      const id = parseIdText(ctx.params.id);
      const format = ctx.params.format as PublishedFormat;
      if (id === null || !publishedFormats.includes(format)) throw notFound('Published data not found');
      const retryAfter = downloadRetryAfter(ctx.ip);
      if (retryAfter !== null) {
        ctx.set('Retry-After', String(retryAfter));
        throw new ApiError(429, 'TOO_MANY_DOWNLOADS', 'Too many downloads from your address. Try again in a minute.');
      }
      await sendFile(ctx, db, { id, format, published: true, cache: REVALIDATE });
    },
  },
  {
    method: 'get',
    path: '/published-data/versions',
    access: role(['REGULATOR'], { permission: PERMISSION }),
    query: pageQuery,
    response: publishedVersionPageSchema,
    handler: async (ctx, { db }) => {
      const ca = assertCaAccess(currentUser(ctx), PERMISSION);
      const { page, size } = pageParams(ctx.query);
      const [rows, count] = await Promise.all([
        versionsQuery(db, ca)
          .orderBy('d.id', 'desc')
          .limit(size)
          .offset(page * size),
        db('published_datasets').where({ competent_authority: ca }).count<{ n: string }[]>({ n: '*' }).first(),
      ]);
      const body: PublishedVersionPage = {
        reports: publishableReports().map((r) => ({ reportType: r.reportType, title: r.title })),
        items: await versionsOf(db, rows),
        total: Number(count?.n ?? 0),
        page,
        size,
      };
      ctx.body = body;
    },
  },
  {
    method: 'get',
    path: '/published-data/versions/:id',
    access: role(['REGULATOR'], { permission: PERMISSION }),
    response: publishedVersionSchema,
    handler: async (ctx, { db }) => {
      const { row } = await ownVersion(ctx, db);
      ctx.body = (await versionsOf(db, [row]))[0];
    },
  },
  {
    method: 'get',
    path: '/published-data/versions/:id/files/:format',
    access: role(['REGULATOR'], { permission: PERMISSION }),
    // The exact files a version serves, for its regulators to review before (and after) publishing.
    answers: [304],
    handler: async (ctx, { db }) => {
      const { row } = await ownVersion(ctx, db);
      const format = ctx.params.format as PublishedFormat;
      if (!publishedFormats.includes(format)) throw notFound('Published data not found');
      await sendFile(ctx, db, { id: row.id, format, published: false, cache: 'private, no-store' });
    },
  },
  {
    method: 'post',
    path: '/published-data/versions',
    access: role(['REGULATOR'], { permission: PERMISSION }),
    body: publishRequestSchema,
    ok: 202,
    // 409 while a version of the same data is being built.
    answers: [409],
    response: publishedVersionSchema,
    handler: async (ctx, { db, temporal, config }) => {
      const user = currentUser(ctx);
      const ca = assertCaAccess(user, PERMISSION);
      const input = validate(publishRequestSchema, ctx.request.body);
      const report = publishableReport(input.reportType)!;
      const key = { competent_authority: ca, report_type: report.reportType, phase: report.phase };
      const id: number = await db.transaction(async (trx) => {
        // One publication of a dataset at a time: the dataset's versions are locked while the next is numbered.
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [
          `published-data:${ca}:${report.reportType}:${report.phase}`,
        ]);
        const open = await trx('published_datasets')
          .where(key)
          .whereIn('status', ['BUILDING', 'READY'])
          .first('status');
        if (open?.status === 'BUILDING')
          throw conflict('PUBLISHED_DATA_BUSY', 'This data is already being published. Wait until it has finished.');
        if (open)
          throw conflict(
            'PUBLISHED_DATA_IN_REVIEW',
            'A version of this data is ready to review. Publish or withdraw it before you build another.',
          );
        const last = await trx('published_datasets')
          .where(key)
          .max<{ max: number | null }[]>({ max: 'version' })
          .first();
        const [row] = await trx('published_datasets')
          .insert({
            ...key,
            version: (last?.max ?? 0) + 1,
            status: 'BUILDING',
            description: input.description,
            requested_by: user.userId,
            workflow_id: '',
          })
          .returning(['id']);
        await trx('published_datasets')
          .where({ id: row.id })
          .update({ workflow_id: publishedDataWorkflowId(row.id) });
        return Number(row.id);
      });
      try {
        const client = await temporal();
        await client.workflow.start('publishDataset', {
          workflowId: publishedDataWorkflowId(id),
          taskQueue: config.temporal.taskQueue,
          args: [{ datasetId: id, by: { userId: user.userId, fullName: fullName(user), audit: auditOrigin() } }],
        });
      } catch (err) {
        // Not started: the version is kept as failed, and the dataset free to publish again.
        await db('published_datasets').where({ id, status: 'BUILDING' }).update({ status: 'FAILED' });
        throw err;
      }
      const row = await versionsQuery(db, ca).where('d.id', id).first();
      ctx.status = 202;
      ctx.body = versionOf(row, []);
    },
  },
  {
    method: 'post',
    path: '/published-data/versions/:id/publish',
    access: role(['REGULATOR'], { permission: PERMISSION }),
    // 409 unless the version is built and waiting for review.
    answers: [409],
    response: publishedVersionSchema,
    handler: async (ctx, { db }) => {
      const { ca, row } = await ownVersion(ctx, db);
      const userId = currentUser(ctx).userId;
      await db.transaction(async (trx) => {
        const ds: Row | undefined = await trx('published_datasets')
          .where({ id: row.id, status: 'READY' })
          .forUpdate()
          .first();
        if (!ds) throw conflict('PUBLISHED_DATA_NOT_READY', 'Only data ready to review can be published');
        // The change log against the version served now (one may have been withdrawn since it was built).
        const previous: Row | undefined = await trx('published_datasets')
          .where({
            competent_authority: ds.competent_authority,
            report_type: ds.report_type,
            phase: ds.phase,
            status: 'PUBLISHED',
          })
          .where('version', '<', ds.version)
          .orderBy('version', 'desc')
          .first('version', 'row_digests');
        const changes = changesBetween(
          previous?.version ?? null,
          (previous?.row_digests as RowDigests | null) ?? null,
          (ds.row_digests as RowDigests | null) ?? {},
        );
        await trx('published_datasets')
          .where({ id: row.id })
          .update({
            status: 'PUBLISHED',
            published_at: trx.fn.now(),
            published_by: userId,
            changes: JSON.stringify(changes),
          });
      });
      ctx.body = (await versionsOf(db, [await versionsQuery(db, ca).where('d.id', row.id).first()]))[0];
    },
  },
  {
    method: 'post',
    path: '/published-data/versions/:id/withdraw',
    access: role(['REGULATOR'], { permission: PERMISSION }),
    body: withdrawSchema,
    // 409 when the version is neither published nor ready to review.
    answers: [409],
    response: publishedVersionSchema,
    handler: async (ctx, { db }) => {
      const { ca, row } = await ownVersion(ctx, db);
      const { reason } = validate(withdrawSchema, ctx.request.body);
      const changed = await db('published_datasets')
        .where({ id: row.id })
        .whereIn('status', ['PUBLISHED', 'READY'])
        .update({
          status: 'WITHDRAWN',
          withdrawn_at: db.fn.now(),
          withdrawn_by: currentUser(ctx).userId,
          withdrawal_reason: reason,
        });
      if (changed === 0) throw conflict('PUBLISHED_DATA_NOT_PUBLISHED', 'Only published data can be withdrawn');
      const after = await versionsQuery(db, ca).where('d.id', row.id).first();
      ctx.body = versionOf(after, []);
    },
  },
];
