// Submission documents (issue 14): the time to render the PDF of the largest complete notification
// (the test fixture with the most answer rows), after one warm-up render; budget one second.
// `npm run bench -- --pdf-only` prints only this.
import { pct } from './load';

export async function benchSubmissionPdf(): Promise<void> {
  const { largestNotificationDocument } = await import('../../test/fixtures/largest-document');
  const { renderSubmissionPdf } = await import('../../documents/pdf');
  const { name, rows, document } = largestNotificationDocument();
  const cold = performance.now();
  const first = await renderSubmissionPdf(document);
  const coldMs = performance.now() - cold;
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    await renderSubmissionPdf(document);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `submission PDF: the largest notification (${name}, ${rows} answer rows, ${first.length.toLocaleString('en-GB')} bytes) renders in ${pct(times, 50).toFixed(0)} ms (median of 10; slowest ${times[times.length - 1]!.toFixed(0)} ms; first, loading fonts, ${coldMs.toFixed(0)} ms; budget 1000 ms)\n`,
  );
}
