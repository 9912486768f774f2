// The published-data workflow's steps (workflows/published-data.ts; docs/published-data.md): write a
// version's files from the submitted reports of its competent authority — the process's
// submitted-data columns without the fields about a person (`publishedColumns`) — as .xlsx and CSV
// with a count of free-text cells per column, then mark it ready for its regulator to review (with
// its change log so far), or failed. Its regulator publishes it (api/routes/published-data.ts).
// Each step is idempotent: a retried one finds its work done, or does it again in one transaction.
// Writing the files heartbeats with each batch of rows, so a worker that dies half-way is noticed
// within the workflow's heartbeat timeout and the build is tried again at once.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Db } from '../infra/db';
import type { Actor } from '../domain/request-messages';
import type { CompetentAuthority } from '../domain/authorities';
import { processFor } from '../processes';
import { changesBetween, type FreeTextColumn, type PublishedFormat, type RowDigests } from '../domain/published-data';
import { publishableReport, publishedFileName } from '../processes/published-data';
import { publishedColumns } from '../domain/reports/columns';
import { submittedDataSheets, type SubmittedRow } from '../domain/reports/submitted-data';
import { cursorBatches, submittedReportsQuery } from '../infra/submitted-reports';
import { writeWorkbook, type SheetOut } from '../documents/workbook';
import { toCsv } from '../domain/csv';
import { heartbeat } from './heartbeat';

export interface PublicationStep {
  datasetId: number;
  /** The regulator who asked for it (the audit trail's actor). */
  by: Actor;
}

interface DatasetRow {
  id: number;
  competent_authority: CompetentAuthority;
  report_type: string;
  phase: string;
  version: number;
  status: string;
  row_count: number | null;
  row_digests: RowDigests | null;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * The dataset's files and row digests, from the submitted reports as they are now: one read-only
 * snapshot, read through a cursor per sheet and one for the CSV, so the rows are never all in memory.
 */
export async function buildDatasetFiles(
  db: Db,
  ds: Pick<DatasetRow, 'competent_authority' | 'report_type' | 'phase' | 'version'>,
) {
  const report = publishableReport(ds.report_type);
  if (!report) throw new Error(`${ds.report_type} is not a publishable report`);
  const definition = processFor(report.requestType)!.report!;
  const sheets = submittedDataSheets(report.submittedData, definition, publishedColumns);
  const leading = report.submittedData.leading.length;
  // The CSV is one table: the leading columns once, then each sheet's own columns named after their sheet.
  const wide = (r: SubmittedRow) => [
    ...sheets[0]!.cells(r).slice(0, leading),
    ...sheets.flatMap((s) => s.cells(r).slice(leading)),
  ];
  const header = [
    ...sheets[0]!.columns.slice(0, leading),
    ...sheets.flatMap((s) => s.columns.slice(leading).map((c) => `${s.name}: ${c}`)),
  ];
  const freeTextColumns = [
    ...sheets[0]!.freeText.slice(0, leading),
    ...sheets.flatMap((s) => s.freeText.slice(leading)),
  ];
  const freeTextCells = header.map(() => 0);

  return db.transaction(
    async (trx) => {
      const query = () =>
        submittedReportsQuery(
          trx,
          ds.competent_authority,
          { requestType: report.requestType, related: report.submittedData.related },
          ds.phase,
        );
      const rowsOf = (cursor: string, cells: (r: SubmittedRow) => string[]) =>
        (async function* () {
          for await (const batch of cursorBatches(trx, cursor, query())) {
            heartbeat();
            yield (batch as unknown as SubmittedRow[]).map(cells);
          }
        })();
      const contents: SheetOut = {
        name: report.submittedData.contents,
        columns: ['Sheet', 'Description'],
        rows: (async function* () {
          yield sheets.map((s) => [s.name, s.description]);
        })(),
      };
      const written = await writeWorkbook([
        contents,
        ...sheets.map((s, i): SheetOut => ({
          name: s.name,
          columns: s.columns,
          rows: rowsOf(`published_sheet_${i}`, s.cells),
        })),
      ]);
      let xlsx: Buffer;
      try {
        xlsx = await readFile(written.file);
      } finally {
        await written.remove();
      }

      const csvParts = [Buffer.from('\ufeff' + toCsv([header]), 'utf8')];
      const digests: NonNullable<DatasetRow['row_digests']> = {};
      let rows = 0;
      for await (const batch of cursorBatches(trx, 'published_csv', query())) {
        heartbeat();
        for (const r of batch as unknown as SubmittedRow[]) {
          const cells = wide(r);
          cells.forEach((cell, i) => {
            if (freeTextColumns[i] && cell.trim() !== '') freeTextCells[i]!++;
          });
          csvParts.push(Buffer.from(toCsv([cells]), 'utf8'));
          digests[r.request_id] = { digest: sha256(JSON.stringify(cells)), organisationName: r.name };
          rows++;
        }
      }
      const csv = Buffer.concat(csvParts);
      const file = (format: PublishedFormat, content: Buffer) => ({
        format,
        file_name: publishedFileName(report, ds.competent_authority, ds.version, format),
        content,
        size: content.length,
        sha256: sha256(content),
      });
      const freeText: FreeTextColumn[] = header
        .map((column, i) => ({ column, cells: freeTextCells[i]! }))
        .filter((_, i) => freeTextColumns[i]);
      return { rows, digests, freeText, files: [file('xlsx', xlsx), file('csv', csv)] };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

export function createPublishedDataActivities({ db }: { db: Db }) {
  return {
    /** Writes the version's files (again, when a retry finds them half-done); answers its row count. */
    async writePublishedFiles({ datasetId }: PublicationStep): Promise<{ rows: number }> {
      const ds: DatasetRow | undefined = await db('published_datasets').where({ id: datasetId }).first();
      if (!ds) throw new Error(`published dataset ${datasetId} not found`);
      if (ds.status !== 'BUILDING') return { rows: ds.row_count ?? 0 };
      await db('published_datasets').where({ id: datasetId, status: 'BUILDING' }).update({ progress: 'READING' });
      const built = await buildDatasetFiles(db, ds);
      await db.transaction(async (trx) => {
        // Only while it is being built: an attempt given up for dead (its heartbeat lost) that ends
        // after a retry made the version ready must not swap the files under its row digests.
        const now = await trx('published_datasets').where({ id: datasetId }).forUpdate().first('status');
        if (now?.status !== 'BUILDING') return;
        await trx('published_dataset_files').where({ dataset_id: datasetId }).delete();
        await trx('published_dataset_files').insert(built.files.map((f) => ({ dataset_id: datasetId, ...f })));
        await trx('published_datasets')
          .where({ id: datasetId, status: 'BUILDING' })
          .update({
            progress: 'WRITTEN',
            row_count: built.rows,
            row_digests: JSON.stringify(built.digests),
            free_text: JSON.stringify(built.freeText),
          });
      });
      return { rows: built.rows };
    },

    /**
     * Built: the version waits for its regulator to review its files (READY), with its change log
     * against the latest version served before it (worked out again when it is published).
     */
    async completePublication({ datasetId }: PublicationStep): Promise<void> {
      await db.transaction(async (trx) => {
        const ds: DatasetRow | undefined = await trx('published_datasets').where({ id: datasetId }).forUpdate().first();
        if (!ds || ds.status !== 'BUILDING') return;
        const previous: DatasetRow | undefined = await trx('published_datasets')
          .where({
            competent_authority: ds.competent_authority,
            report_type: ds.report_type,
            phase: ds.phase,
            status: 'PUBLISHED',
          })
          .where('version', '<', ds.version)
          .orderBy('version', 'desc')
          .first();
        const changes = changesBetween(previous?.version ?? null, previous?.row_digests ?? null, ds.row_digests ?? {});
        await trx('published_datasets')
          .where({ id: datasetId })
          .update({ status: 'READY', progress: 'DONE', changes: JSON.stringify(changes) });
      });
    },

    /** A version that could not be built is kept, marked failed, and never served. */
    async failPublication({ datasetId }: PublicationStep): Promise<void> {
      await db('published_datasets').where({ id: datasetId, status: 'BUILDING' }).update({ status: 'FAILED' });
    },
  };
}

export type PublishedDataActivities = ReturnType<typeof createPublishedDataActivities>;
