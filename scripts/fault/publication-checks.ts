// What the fault run checks of the published data built under the faults (publisher.ts): each build
// made one complete version or none — never two, never a half one. A complete version (ready or
// published) has its two files, each the size and SHA-256 its row says and served as stored; the
// CSV and every sheet of the workbook hold one row per report in its row digests, every report
// submitted before the build was asked for among them and nothing else. A version that failed is
// not served; none is left building.
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Db } from '../../infra/db';
import type { PublishedFormat } from '../../domain/published-data';
import { parseCsv } from '../../domain/csv';
import { publishableReport } from '../../processes/published-data';
import type { Build } from './publisher';
import type { Anomaly, FaultReport } from './report';

/** A version's file through the API: as its regulator reviews it, or as anyone downloads it. */
export type FetchFile = (
  id: number,
  format: PublishedFormat,
  publicly: boolean,
) => Promise<{ status: number; bytes: Buffer }>;

type Row = Record<string, any>;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const FORMATS: PublishedFormat[] = ['csv', 'xlsx'];

export async function checkPublications(
  observer: Db,
  builds: Build[],
  fetchFile: FetchFile,
  report: FaultReport,
  anomaly: Anomaly,
): Promise<void> {
  /** The newest published version of each report type, downloaded as anyone would (60 a minute an address). */
  const newestPublished = new Map<string, number>();
  for (const build of builds) {
    const versions: Row[] = await observer('published_datasets')
      .where('id', '>', build.afterId)
      .where('id', '<=', build.lastId)
      .orderBy('id');
    const say = (v: Row, what: string) => anomaly(`published data: version ${v.id} (${v.report_type}) ${what}`);
    const complete = versions.filter((v) => v.status === 'READY' || v.status === 'PUBLISHED');
    if (complete.length > 1)
      anomaly(
        `published data: one build of ${build.reportType} made ${complete.length} complete versions (${complete.map((v) => v.id).join(', ')}), not one or none`,
      );
    for (const v of versions) {
      if (v.report_type !== build.reportType) say(v, `is not the ${build.reportType} its build asked for`);
      if (v.status === 'FAILED') {
        report.publications.failed++;
        const served = await fetchFile(v.id, 'csv', true);
        if (served.status !== 404) say(v, `failed, yet its CSV is served (${served.status})`);
      } else if (v.status === 'READY' || v.status === 'PUBLISHED') {
        if (v.status === 'PUBLISHED') {
          report.publications.published++;
          newestPublished.set(v.report_type, v.id);
        }
        await checkComplete(observer, v, build, fetchFile, (what) => say(v, what));
      } else say(v, `is ${v.status} (progress ${v.progress}) after the run: half a version`);
    }
  }
  for (const id of newestPublished.values()) {
    const files: Row[] = await observer('published_dataset_files').where({ dataset_id: id }).select('format', 'sha256');
    for (const f of files) {
      const served = await fetchFile(id, f.format, true);
      if (served.status !== 200 || sha256(served.bytes) !== f.sha256)
        anomaly(`published data: version ${id}'s public ${f.format} answered ${served.status}, not its stored file`);
    }
  }
}

/** A ready or published version: its files whole, consistent with each other, and holding every report due. */
async function checkComplete(
  observer: Db,
  v: Row,
  build: Build,
  fetchFile: FetchFile,
  say: (what: string) => void,
): Promise<void> {
  const files: Row[] = await observer('published_dataset_files').where({ dataset_id: v.id }).orderBy('format');
  const formats = files.map((f) => f.format as string);
  if (JSON.stringify(formats) !== JSON.stringify(FORMATS))
    say(`has files ${JSON.stringify(formats)}, not csv and xlsx`);
  const digests = Object.keys((v.row_digests ?? {}) as Record<string, unknown>).sort();
  if (v.row_count !== digests.length) say(`counts ${v.row_count} rows but has ${digests.length} row digests`);
  const leading = publishableReport(v.report_type)?.submittedData.leading ?? [];
  const idColumn = leading.findIndex((l) => l.cell === 'requestId');

  for (const f of files) {
    const content = f.content as Buffer;
    if (content.length !== Number(f.size)) say(`${f.format}: ${content.length} bytes, its row says ${f.size}`);
    if (sha256(content) !== f.sha256) say(`${f.format}: its SHA-256 is not the one its row says`);
    const ids = f.format === 'csv' ? csvRequestIds(content, idColumn) : await sheetRequestIds(content, idColumn, say);
    for (const [where, list] of ids) {
      if (list.length !== digests.length) say(`${f.format}${where}: ${list.length} rows, not ${digests.length}`);
      else if (idColumn >= 0 && JSON.stringify([...list].sort()) !== JSON.stringify(digests))
        say(`${f.format}${where}: its rows are not the reports in its row digests`);
    }
    const served = await fetchFile(v.id, f.format, false);
    if (served.status !== 200 || served.bytes.length !== content.length || sha256(served.bytes) !== f.sha256)
      say(`${f.format}: its regulator was sent ${served.status} ${served.bytes.length} bytes, not the stored file`);
  }

  const missing = build.before.filter((id) => !digests.includes(id));
  if (missing.length)
    say(`lacks ${missing.length} report(s) submitted before it was asked for (${missing.slice(0, 5).join(', ')})`);
  const requestType = publishableReport(v.report_type)?.requestType;
  const known = new Set<string>(
    digests.length
      ? await observer('reports').where({ type: requestType }).whereIn('request_id', digests).pluck('request_id')
      : [],
  );
  const strangers = digests.filter((id) => !known.has(id));
  if (strangers.length) say(`holds ${strangers.length} row(s) that are no ${requestType} report (${strangers[0]})`);
}

/** The CSV's rows (after its header) as their request ids: one list, for the whole file. */
function csvRequestIds(content: Buffer, idColumn: number): [string, string[]][] {
  const records = parseCsv(content.toString('utf8'));
  return [['', records.slice(1).map((r) => r.cells[Math.max(0, idColumn)] ?? '')]];
}

/** Each sheet's rows (after its header) as their request ids; the first sheet is the table of contents. */
async function sheetRequestIds(
  content: Buffer,
  idColumn: number,
  say: (what: string) => void,
): Promise<[string, string[]][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch (err) {
    say(`xlsx: not a workbook (${(err as Error).message})`);
    return [];
  }
  const sheets = workbook.worksheets.slice(1);
  if (sheets.length === 0) say('xlsx: no sheet of data');
  return sheets.map((ws) => {
    const ids: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) ids.push(String(row.getCell(Math.max(0, idColumn) + 1).value ?? ''));
    });
    return [` sheet '${ws.name}'`, ids];
  });
}
