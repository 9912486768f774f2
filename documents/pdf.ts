// Renders a submission document as a PDF with pdfkit (pure JavaScript, server only: the SPA never
// imports this folder). GOV.UK typography as far as PDF's standard fonts allow: Helvetica in the
// Design System's sizes and colours, headings in bold, each answer as a summary-list row (question
// in bold on the left, answer on the right, a grey rule under it).
//
// The output is a function of the content alone: the creation date is the submission date, so the
// same submission always renders the same bytes.
import PDFDocument from 'pdfkit';
import type { SubmissionDocument } from './content';

const TEXT = '#0b0c0c';
const SECONDARY = '#505a5f';
const BORDER = '#b1b4b6';
const MARGIN = 50;
const SERVICE = 'Manage your ESOS reporting';

/**
 * The standard fonts know only Windows-1252: other characters become '?' rather than garbage.
 * Line breaks inside an answer are kept.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function printable(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch))
      out += ch;
    else if (ch === '\t') out += ' ';
    else if (ch === '\r') continue;
    else out += '?';
  }
  return out;
}

const ukDateTime = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
    .format(d)
    .replace(' at ', ', ')
    .replace(/\s*([ap]m)$/i, (_m, x: string) => x.toLowerCase());

export function renderSubmissionPdf(doc: SubmissionDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 10, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `${doc.reference} ${doc.title}`,
      Author: SERVICE,
      Subject: doc.event,
      Creator: SERVICE,
      Producer: SERVICE,
      CreationDate: doc.submittedAt,
      ModDate: doc.submittedAt,
    },
    lang: 'en-GB',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const width = pdf.page.width - 2 * MARGIN;
  const keyWidth = Math.round(width * 0.42);
  const valueX = MARGIN + keyWidth + 15;
  const valueWidth = width - keyWidth - 15;
  const bottom = () => pdf.page.height - pdf.page.margins.bottom;

  // Header bar: the service name, as the service's own pages start.
  pdf.rect(0, 0, pdf.page.width, 36).fill(TEXT);
  pdf.fillColor('#ffffff').font('Helvetica-Bold').fontSize(12).text(SERVICE, MARGIN, 12, { width, lineBreak: false });
  pdf.fillColor(TEXT);
  pdf.y = MARGIN + 10;

  pdf.font('Helvetica').fontSize(14).fillColor(SECONDARY).text(printable(doc.reference), MARGIN, pdf.y, { width });
  pdf.font('Helvetica-Bold').fontSize(24).fillColor(TEXT).text(printable(doc.title), { width });
  pdf.moveDown(0.5);

  const row = (key: string, lines: string[]) => {
    const value = lines.length ? lines.map(printable).join('\n') : 'Not provided';
    pdf.font('Helvetica-Bold').fontSize(11);
    const keyHeight = pdf.heightOfString(printable(key), { width: keyWidth });
    pdf.font('Helvetica').fontSize(11);
    const valueHeight = pdf.heightOfString(value, { width: valueWidth });
    const height = Math.max(keyHeight, valueHeight);
    // A row that fits on a page starts on one; a longer one flows over.
    if (pdf.y + Math.min(height, 200) + 12 > bottom()) pdf.addPage();
    const top = pdf.y;
    pdf.font('Helvetica-Bold').fontSize(11).fillColor(TEXT).text(printable(key), MARGIN, top, { width: keyWidth });
    const afterKey = pdf.y;
    const valuePage = pdf.page;
    pdf.font('Helvetica').fontSize(11).text(value, valueX, top, { width: valueWidth });
    const end = pdf.page === valuePage ? Math.max(afterKey, pdf.y) : pdf.y;
    pdf
      .moveTo(MARGIN, end + 5)
      .lineTo(MARGIN + width, end + 5)
      .lineWidth(0.75)
      .strokeColor(BORDER)
      .stroke();
    pdf.x = MARGIN;
    pdf.y = end + 11;
  };

  const heading = (title: string, size: number) => {
    if (pdf.y + size * 4 > bottom()) pdf.addPage();
    pdf.moveDown(0.6);
    pdf.font('Helvetica-Bold').fontSize(size).fillColor(TEXT).text(printable(title), MARGIN, pdf.y, { width });
    pdf.moveDown(0.3);
  };

  heading('Submission details', 18);
  row('Reference number', [doc.reference]);
  if (doc.organisation) row('Organisation', [doc.organisation]);
  row(doc.event === 'Submitted' ? 'Submitted on' : 'Date', [ukDateTime(doc.submittedAt)]);
  row(doc.event === 'Submitted' ? 'Submitted by' : 'By', [doc.submitter]);
  if (doc.event !== 'Submitted') row('Outcome', [doc.event]);

  for (const section of doc.sections) {
    heading(section.title, 16);
    for (const r of section.rows) row(r.key, r.value);
  }

  // Footers once every page exists: 'Page 1 of 3'.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const y = pdf.page.height - MARGIN + 5;
    const saved = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor(SECONDARY)
      .text(`${printable(doc.reference)} - ${printable(doc.title)}`, MARGIN, y, { width, lineBreak: false });
    pdf.text(`Page ${i + 1} of ${range.count}`, MARGIN, y, { width, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = saved;
  }
  pdf.end();
  return done;
}
