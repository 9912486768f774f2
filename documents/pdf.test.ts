import { pdfText } from '../test/pdf-text';
import { largestNotificationDocument } from '../test/fixtures/largest-document';
import { documentSections } from './content';
import { printable, renderSubmissionPdf } from './pdf';

describe('submission PDF', () => {
  const { document, rows } = largestNotificationDocument();

  it('shows the reference, the submission, and every section with its questions and answers', async () => {
    const { text, pages } = await pdfText(await renderSubmissionPdf(document));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('NOC000001-P3');
    expect(flat).toContain('Phase 3 Notification');
    expect(flat).toContain('Submitted by Olivia Operator');
    expect(flat).toContain('27 November 2026, 10:15am');
    expect(flat).toContain(`Page 1 of ${pages.length}`);
    for (const section of document.sections) expect(flat).toContain(section.title.replace(/\s+/g, ' '));
    // A sample of answers across the report, as the summary pages word them.
    const sample = document.sections
      .flatMap((s) => s.rows)
      .filter((r) => r.value.length === 1 && r.value[0]!.length > 3 && r.value[0] === printable(r.value[0]!));
    expect(sample.length).toBeGreaterThan(10);
    for (const r of sample.filter((_, i) => i % 7 === 0)) expect(flat).toContain(r.value[0]!.replace(/\s+/g, ' '));
    expect(rows).toBeGreaterThan(50);
  });

  it('renders the largest notification in under a second, the same bytes every time', async () => {
    await renderSubmissionPdf(document); // warm: fonts loaded once per process
    const started = performance.now();
    const first = await renderSubmissionPdf(document);
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(1000);
    expect((await renderSubmissionPdf(document)).equals(first)).toBe(true);
  });

  it('writes what the standard fonts cannot show as ?, keeping Windows-1252 characters', () => {
    expect(printable('£5 – “ok” € café 😀 ✓\r\nnext')).toBe('£5 – “ok” € café ? ?\nnext');
  });

  it('documents an account closure and an application decision', () => {
    expect(
      documentSections('ACCOUNT_CLOSURE', 'ACCOUNT_CLOSURE_APPLICATION_SUBMITTED', {
        accountClosure: { reason: 'Sold' },
      }),
    ).toEqual([{ title: 'Account closure', rows: [{ key: 'Reason for closing the account', value: ['Sold'] }] }]);
    const decision = documentSections('ORGANISATION_ACCOUNT_OPENING', 'ORGANISATION_ACCOUNT_OPENING_REJECTED', {
      decision: { decision: 'REJECTED', reason: 'Duplicate' },
      account: {
        name: 'Acme',
        registrationNumber: null,
        address: { line1: '1 Road', city: 'Leeds', postcode: 'LS1 1AA' },
        codes: { type: 'SIC', codes: [{ code: '01110' }] },
        competentAuthority: 'ENGLAND',
      },
    });
    expect(decision[0]!.rows).toEqual([
      { key: 'Decision', value: ['Rejected'] },
      { key: 'Reason', value: ['Duplicate'] },
    ]);
    expect(decision[1]!.rows.find((r) => r.key === 'Address')!.value).toEqual(['1 Road', 'Leeds', 'LS1 1AA']);
  });
});
