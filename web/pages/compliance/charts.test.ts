// The overview's charts drawn at every count, zero and one included: each bar's length against its
// number, whole-number axes for counts, and date axes whose labels are dates as people write them.
import type { ComplianceReportCounts } from '../../../domain/compliance';
import { dateAxis, drawChart, wholeTicks } from './charts';

const report = (name: string, submitted: number, inProgress: number, notStarted: number): ComplianceReportCounts => ({
  requestType: name,
  name,
  dueAt: '2026-12-05T00:00:00Z',
  windowCloses: null,
  counts: { SUBMITTED: submitted, IN_PROGRESS: inProgress, NOT_STARTED: notStarted, OVERDUE: 0 },
  percentages: { SUBMITTED: 0, IN_PROGRESS: 0, NOT_STARTED: 0, OVERDUE: 0 },
});

/** Each bar: its title ('…: n'), the number the title names, its width in pixels and its link. */
function barsOf(svg: SVGSVGElement) {
  return [...svg.querySelectorAll('rect')]
    .filter((r) => r.querySelector('title'))
    .map((r) => {
      const title = r.querySelector('title')!.textContent!;
      return {
        title,
        count: Number(title.split(': ').pop()),
        width: Number(r.getAttribute('width')),
        href: r.closest('a')?.getAttribute('href') ?? null,
      };
    });
}

/** The labels of the count axis (the x axis of bars, the y axis of the line). */
const tickTexts = (svg: SVGSVGElement, axis: 'x' | 'y') => [
  ...svg.querySelectorAll(
    `g[font-variant="tabular-nums"]${axis === 'x' ? ':not([text-anchor])' : '[text-anchor="end"]'} text`,
  ),
];
const tickLabels = (svg: SVGSVGElement, axis: 'x' | 'y') => tickTexts(svg, axis).map((t) => t.textContent!);

/** Bars are as long as their numbers: zero is zero-length, and every other bar is count × one unit. */
function expectTrueLengths(bars: ReturnType<typeof barsOf>, top: number, plotWidth: number) {
  const unit = plotWidth / top;
  for (const bar of bars) {
    expect({ bar: bar.title, width: Math.round(bar.width * 10) / 10 }).toEqual({
      bar: bar.title,
      width: Math.round(bar.count * unit * 10) / 10,
    });
    if (bar.count === 0) expect(bar.href).toBeNull();
    else expect(bar.href).not.toBeNull();
  }
}

describe.each([1280, 375])('at %i px', (width) => {
  // The page gives a chart its column's width; these are about what /compliance gives at each width.
  const chartWidth = width === 1280 ? 960 : 345;
  const narrow = chartWidth < 600;

  it('draws a status chart of zeros and ones with whole-number counts and true bar lengths', () => {
    for (const reports of [
      [report('Notification', 0, 0, 0), report('Action plan', 0, 0, 0)],
      [report('Notification', 1, 0, 0), report('Action plan', 0, 1, 0), report('Progress update 1', 0, 0, 1)],
      [report('Notification', 1, 1, 1), report('Action plan', 0, 0, 2)],
    ]) {
      const svg = drawChart({ kind: 'status', reports, hrefOf: (t, s) => `/list?${t}&${s}` }, chartWidth, 'Status');
      const bars = barsOf(svg);
      expect(bars).toHaveLength(reports.length * 3);
      const max = Math.max(1, ...reports.map((r) => r.counts.SUBMITTED + r.counts.IN_PROGRESS + r.counts.NOT_STARTED));
      const labels = tickLabels(svg, 'x');
      expect(labels.every((l) => /^\d[\d,]*$/.test(l))).toBe(true);
      expect(labels[0]).toBe('0');
      expect(Number(labels.at(-1))).toBe(max);
      // A full bar (the largest total) spans the plot: its stacked parts add up to the plot's width.
      const plotWidth = chartWidth - (narrow ? 10 : leftMargin(svg)) - 24;
      expectTrueLengths(bars, max, plotWidth);
    }
  });

  it('draws the category chart of zeros and ones: zero bars zero-length, never full', () => {
    for (const counts of [
      [0, 0, 0, 0],
      [0, 1, 0, 0],
      [1, 1, 1, 1],
      [0, 3, 1, 0],
    ]) {
      const rows = counts.map((count, i) => ({ value: `C${i}`, label: `Category ${i}`, count }));
      const svg = drawChart(
        { kind: 'breakdown', breakdown: { requestType: 'N', title: 'By category', rows }, hrefOf: (v) => `/list?${v}` },
        chartWidth,
        'By category',
      );
      const bars = barsOf(svg);
      expect(bars.map((b) => b.count)).toEqual(counts);
      const max = Math.max(1, ...counts);
      const labels = tickLabels(svg, 'x');
      expect(labels).toEqual(Array.from({ length: max + 1 }, (_, i) => String(i)));
      expectTrueLengths(bars, max, chartWidth - (narrow ? 10 : leftMargin(svg)) - 24);
    }
  });

  it('draws submissions over time with whole-number counts and dates that fit', () => {
    for (const series of [
      [{ requestType: 'N', name: 'Notification', windowCloses: '2026-12-05T23:59:59Z', points: [] }],
      [{ requestType: 'N', name: 'Notification', windowCloses: null, points: [{ day: '2026-11-20', total: 1 }] }],
      [
        {
          requestType: 'N',
          name: 'Notification',
          windowCloses: '2026-12-05T23:59:59Z',
          points: [
            { day: '2026-06-01', total: 1 },
            { day: '2026-11-20', total: 2 },
          ],
        },
      ],
    ]) {
      const svg = drawChart({ kind: 'overTime', series }, chartWidth, 'Over time');
      const counts = tickLabels(svg, 'y');
      expect(counts[0]).toBe('0');
      expect(counts.every((l) => /^\d+$/.test(l))).toBe(true);
      const max = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.total)));
      expect(Number(counts.at(-1))).toBe(max);
      const dates = tickLabels(svg, 'x');
      expect(dates.length).toBeGreaterThanOrEqual(2);
      for (const d of dates) expect(d).toMatch(/^(\d{1,2} [A-Z][a-z]{2,3}|[A-Z][a-z]{2,3} \d{4})$/);
      // GOV.UK's short months ('Sept' too); labels about 60 px wide, centred on their ticks, never closer.
      const xs = tickTexts(svg, 'x').map((t) => Number(/translate\(([\d.]+)/.exec(t.getAttribute('transform')!)![1]));
      for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeGreaterThan(60);
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(30);
      expect(Math.max(...xs)).toBeLessThanOrEqual(chartWidth - 30);
    }
  });
});

/** The bars' left edge: where the count axis's 0 is. */
function leftMargin(svg: SVGSVGElement): number {
  return Math.min(...[...svg.querySelectorAll('rect')].map((r) => Number(r.getAttribute('x'))));
}

it('counts in whole steps of 1, 2, 5, 10, … and never an axis of zero width', () => {
  expect(wholeTicks(0, 10)).toEqual({ top: 1, ticks: [0, 1] });
  expect(wholeTicks(1, 10)).toEqual({ top: 1, ticks: [0, 1] });
  expect(wholeTicks(3, 10)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
  expect(wholeTicks(7, 3)).toEqual({ top: 10, ticks: [0, 5, 10] });
  expect(wholeTicks(1234, 8).ticks.every((t) => t % 200 === 0)).toBe(true);
  expect(wholeTicks(1234, 8).top).toBe(1400);
});

it('writes dates on a short axis as days and on a long one as months', () => {
  const short = dateAxis([new Date('2026-11-20T12:00:00Z')], 800);
  expect((short.domain as Date[])[1]!.getTime() - (short.domain as Date[])[0]!.getTime()).toBe(28 * 86400000);
  expect((short.tickFormat as (d: Date) => string)(new Date('2026-12-05T00:00:00Z'))).toBe('5 Dec');
  const long = dateAxis([new Date('2026-01-01T00:00:00Z'), new Date('2026-12-05T00:00:00Z')], 800);
  expect((long.tickFormat as (d: Date) => string)(new Date('2026-12-05T00:00:00Z'))).toBe('Dec 2026');
});
