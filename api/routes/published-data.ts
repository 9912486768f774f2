// Published data (issue 30; docs/published-data.md). Anyone may list the published versions and
// download their files (immutable per version, with ETags); withdrawn, failed and unfinished ones are
// not found. A regulator with 'Publish data' lists their competent authority's versions, publishes a
// new one (its workflow builds it) and withdraws one (its row is kept).
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { PUBLIC, role, type RouteDef } from '../routing';
import { currentUser } from '../auth/current-user';
import { assertCaAccess } from '../auth/scope';
import { validate } from '../validate';
import { conflict, notFound } from '../errors';
import { pageParams, pageQuery } from '../params';
import { contentDisposition } from '../files/downloads';
import { auditOrigin } from '../../infra/audit';
import { fullName } from '../../domain/work-items';
import { parseIdText } from '../../domain/validation/ids';
import type { CompetentAuthority } from '../../domain/authorities';
import { XLSX_TYPE } from '../../documents/workbook';
import {
  publishedDataWorkflowId,
  publishedFormats,
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
} from '../../domain/published-data';
import { publishRequestSchema, publishableReport, publishableReports } from '../../processes/published-data';

const PERMISSION = 'PERM_PUBLISHED_DATA_EDIT' as const;
/** A version's files never change: shared caches may keep them a day (a withdrawal is gone from them by then), browsers never revalidate. */
const IMMUTABLE = 'public, max-age=86400, immutable';
const CONTENT_TYPES: Record<PublishedFormat, string> = { xlsx: XLSX_TYPE, csv: 'text/csv; charset=utf-8' };

type Row = Record<string, any>;

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const titleOf = (reportType: string) => publishableReport(reportType)?.title ?? reportType;
const fileUrl = (id: number, format: string) => `/v1.0/published-data/${id}/files/${format}`;

async function filesOf(db: Knex, ids: number[]): Promise<Map<number, PublishedFile[]>> {
  const rows: Row[] = ids.length
    ? await db('published_dataset_files')
        .whereIn('dataset_id', ids)
        .orderBy(['dataset_id', 'format'])
        .select('dataset_id', 'format', 'file_name', 'size')
    : [];
  const out = new Map<number, PublishedFile[]>();
  for (const r of rows) {
    const list = out.get(r.dataset_id) ?? [];
    list.push({ format: r.format, fileName: r.file_name, size: r.size, url: fileUrl(r.dataset_id, r.format) });
    out.set(r.dataset_id, list);
  }
  // xlsx first, then CSV.
  for (const list of out.values())
    list.sort((a, b) => publishedFormats.indexOf(a.format) - publishedFormats.indexOf(b.format));
  return out;
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
    withdrawnAt: iso(r.withdrawn_at),
    withdrawnBy: r.withdrawn_by
      ? fullName({ firstName: r.withdrawer_first_name, lastName: r.withdrawer_last_name })
      : null,
    rows: r.row_count,
    changes: (r.changes as PublishedChanges | null) ?? null,
    files: r.status === 'PUBLISHED' ? files : [],
  };
}

const versionsQuery = (db: Knex, ca: CompetentAuthority) =>
  db('published_datasets as d')
    .join('users as rq', 'rq.id', 'd.requested_by')
    .leftJoin('users as wd', 'wd.id', 'd.withdrawn_by')
    .where('d.competent_authority', ca)
    .select(
      'd.*',
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

export const publishedDataRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/published-data',
    access: PUBLIC,
    query: pageQuery,
    handler: async (ctx, { db }) => {
      const { page, size } = pageParams(ctx.query);
      const published = db('published_datasets').where({ status: 'PUBLISHED' });
      const [rows, count] = await Promise.all([
        published
          .clone()
          .orderBy([
            { column: 'published_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(size)
          .offset(page * size)
          .select('id', 'competent_authority', 'report_type', 'version', 'description', 'published_at', 'row_count'),
        published.clone().count<{ n: string }[]>({ n: '*' }).first(),
      ]);
      const files = await filesOf(
        db,
        rows.map((r: Row) => r.id),
      );
      const items = rows.map((r: Row): PublicDataset => ({
        id: r.id,
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
    // 304 to a request whose If-None-Match names the file's ETag.
    answers: [304],
    handler: async (ctx, { db }) => {
      const id = parseIdText(ctx.params.id);
      const format = ctx.params.format as PublishedFormat;
      if (id === null || !publishedFormats.includes(format)) throw notFound('Published data not found');
      const file: Row | undefined = await db('published_dataset_files as f')
        .join('published_datasets as d', 'd.id', 'f.dataset_id')
        .where({ 'f.dataset_id': id, 'f.format': format, 'd.status': 'PUBLISHED' })
        .first('f.file_name', 'f.sha256', 'f.size', 'f.content');
      if (!file) throw notFound('Published data not found');
      const etag = `"${file.sha256}"`;
      ctx.set('ETag', etag);
      ctx.set('Cache-Control', IMMUTABLE);
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
      ctx.body = file.content;
    },
  },
  {
    method: 'get',
    path: '/published-data/versions',
    access: role(['REGULATOR'], { permission: PERMISSION }),
    query: pageQuery,
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
      const files = await filesOf(
        db,
        rows.map((r: Row) => r.id),
      );
      const body: PublishedVersionPage = {
        reports: publishableReports().map((r) => ({ reportType: r.reportType, title: r.title })),
        items: rows.map((r: Row) => versionOf(r, files.get(r.id) ?? [])),
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
    handler: async (ctx, { db }) => {
      const { row } = await ownVersion(ctx, db);
      ctx.body = versionOf(row, (await filesOf(db, [row.id])).get(row.id) ?? []);
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
        if (
          await trx('published_datasets')
            .where({ ...key, status: 'BUILDING' })
            .first('id')
        )
          throw conflict('PUBLISHED_DATA_BUSY', 'This data is already being published. Wait until it has finished.');
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
    path: '/published-data/versions/:id/withdraw',
    access: role(['REGULATOR'], { permission: PERMISSION }),
    // 409 when the version is not published.
    answers: [409],
    handler: async (ctx, { db }) => {
      const { ca, row } = await ownVersion(ctx, db);
      const changed = await db('published_datasets')
        .where({ id: row.id, status: 'PUBLISHED' })
        .update({ status: 'WITHDRAWN', withdrawn_at: db.fn.now(), withdrawn_by: currentUser(ctx).userId });
      if (changed === 0) throw conflict('PUBLISHED_DATA_NOT_PUBLISHED', 'Only published data can be withdrawn');
      const after = await versionsQuery(db, ca).where('d.id', row.id).first();
      ctx.body = versionOf(after, []);
    },
  },
];
