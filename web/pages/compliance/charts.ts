// The overview's charts, drawn with Observable Plot as SVG. Imported only by ./chart.tsx, with a
// dynamic import, so the library is a chunk of its own that only /compliance loads; when it cannot be
// loaded the tables beside the charts still carry every number.
import * as Plot from '@observablehq/plot';
import type { ComplianceBreakdown, ComplianceOverTime, ComplianceReportCounts } from '../../../domain/compliance';

/** GOV.UK colours with at least 3:1 contrast on white, for marks. */
export const chartColours = ['#1d70b8', '#00703c', '#d4351c', '#4c2c92', '#505a5f'] as const;
const font = {
  fontFamily: '"GDS Transport", arial, sans-serif',
  fontSize: '14px',
  color: '#0b0c0c',
  background: 'transparent',
};

export type ChartSpec =
  | { kind: 'status'; reports: ComplianceReportCounts[]; hrefOf: (requestType: string, state: string) => string }
  | { kind: 'breakdown'; breakdown: ComplianceBreakdown; hrefOf: (value: string) => string }
  | { kind: 'overTime'; series: ComplianceOverTime[] };

/** The chart as an SVG element, `width` wide, titled `title` (its <title>, which names it to assistive technology). */
export function drawChart(spec: ChartSpec, width: number, title: string): SVGSVGElement {
  const svg = plot(spec, Math.max(280, width)) as SVGSVGElement;
  // The page's CSP allows no inline <style>: Plot's own rules are in app.css (.app-chart svg).
  for (const style of svg.querySelectorAll('style')) style.remove();
  const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
  t.textContent = title;
  svg.insertBefore(t, svg.firstChild);
  // Its bars are links, so the SVG is not an image but a graphic named by its title; Plot's names of
  // its groups ('bar', 'x-axis tick') are not allowed on elements without a role, and say nothing.
  for (const named of svg.querySelectorAll('[aria-label]:not(a)')) named.removeAttribute('aria-label');
  svg.setAttribute('aria-label', title);
  return svg;
}

/**
 * Whole-number ticks from 0 for a count axis whose largest value is `max`: a step of 1, 2, 5, 10, 20,
 * 50, … chosen so that there are at most `most` steps, and the axis's top (at least 1, so an axis of
 * zeros is still 0 to 1 and a zero is a zero-length bar, never a full one).
 */
export function wholeTicks(max: number, most: number): { top: number; ticks: number[] } {
  const m = Math.max(1, Math.ceil(max));
  const steps = Math.max(1, Math.floor(most));
  let step = 1;
  for (let k = 0; Math.ceil(m / step) > steps; k++) step = [2, 5, 10][k % 3]! * 10 ** Math.floor(k / 3);
  const top = Math.ceil(m / step) * step;
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, i) => i * step) };
}

/** A count as people write it: 1,250. */
const countFormat = (n: number) => n.toLocaleString('en-GB');

/** The count axis of bars `plotWidth` wide: whole numbers, about one label per 80 pixels. */
/**
 * Where a bottom axis's label sits below the axis: 12 px above the chart's edge (in a 40 px margin),
 * not Plot's 3 px, which drew its descenders and the arrow's box past the edge, cut off at some widths.
 */
const BOTTOM_LABEL_OFFSET = 28;

function countAxis(max: number, plotWidth: number, label: string): Plot.ScaleOptions {
  const { top, ticks } = wholeTicks(max, Math.max(1, Math.floor(plotWidth / 80)));
  return { label, grid: true, domain: [0, top], ticks, tickFormat: countFormat };
}

/**
 * Horizontal bars, one band per label: on a wide screen the labels are the y axis; on a narrow one
 * each label is written above its bar, so long names never squeeze the bars.
 */
function bars<T extends Record<string, unknown>>(
  width: number,
  labels: string[],
  xLabel: string,
  marks: (inset: { insetTop: number; insetBottom: number }) => Plot.Markish[],
  labelled: { data: T[]; y: string },
  max: number,
  colours?: string[],
): Element {
  const narrow = width < 600;
  const band = narrow ? 56 : 36;
  const marginLeft = narrow ? 10 : Math.min(420, 16 + 7.4 * Math.max(...labels.map((l) => l.length)));
  // Room on the right for half of the last tick's label ('1,000'), which is centred on the axis's end.
  const marginRight = 24;
  return Plot.plot({
    width,
    // Room below the axis for its label ('Organisations →') with its descenders, which 30 px cut off.
    height: labels.length * band + 60,
    style: font,
    marginLeft,
    marginRight,
    marginBottom: 40,
    x: { ...countAxis(max, width - marginLeft - marginRight, xLabel), labelOffset: BOTTOM_LABEL_OFFSET },
    y: { label: null, axis: narrow ? null : 'left', domain: labels, padding: 0.15 },
    ...(colours ? { color: { domain: colours, range: [...chartColours] } } : {}),
    marks: [
      ...marks(narrow ? { insetTop: 26, insetBottom: 2 } : { insetTop: 0, insetBottom: 0 }),
      ...(narrow
        ? [
            // One line the width of the chart (in ems of its 14 px font); a longer name ends in '…',
            // as the table beside the chart holds it whole.
            Plot.text(labelled.data, {
              y: labelled.y,
              x: 0,
              text: labelled.y,
              textAnchor: 'start',
              dy: -14,
              lineWidth: (width - marginLeft - marginRight) / 14,
              textOverflow: 'ellipsis-end',
            }),
          ]
        : []),
      Plot.ruleX([0]),
    ],
  });
}

function plot(spec: ChartSpec, width: number): Element {
  if (spec.kind === 'status') {
    const states = ['SUBMITTED', 'IN_PROGRESS', 'NOT_STARTED'] as const;
    const words = { SUBMITTED: 'Submitted', IN_PROGRESS: 'In progress', NOT_STARTED: 'Not started' };
    const data = spec.reports.flatMap((r) =>
      states.map((s) => ({
        report: r.name,
        state: words[s],
        count: r.counts[s],
        // A zero is a zero-length bar and no link (an invisible link would still take the focus).
        href: r.counts[s] > 0 ? spec.hrefOf(r.requestType, s) : null,
      })),
    );
    const labels = spec.reports.map((r) => r.name);
    return bars(
      width,
      labels,
      'Organisations',
      (inset) => [
        Plot.barX(
          data,
          Plot.stackX({
            y: 'report',
            x: 'count',
            fill: 'state',
            href: 'href',
            ...inset,
            title: (d: { report: string; state: string; count: number }) => `${d.report}, ${d.state}: ${d.count}`,
          }),
        ),
      ],
      { data: spec.reports.map((r) => ({ report: r.name })), y: 'report' },
      Math.max(0, ...spec.reports.map((r) => states.reduce((sum, s) => sum + r.counts[s], 0))),
      Object.values(words),
    );
  }
  if (spec.kind === 'breakdown') {
    const rows = spec.breakdown.rows.map((r) => ({ ...r, href: r.count > 0 ? spec.hrefOf(r.value) : null }));
    return bars(
      width,
      rows.map((r) => r.label),
      'Notifications',
      (inset) => [
        Plot.barX(rows, {
          y: 'label',
          x: 'count',
          fill: chartColours[0],
          href: 'href',
          ...inset,
          title: (d: { label: string; count: number }) => `${d.label}: ${d.count}`,
        }),
      ],
      { data: rows, y: 'label' },
      Math.max(0, ...rows.map((r) => r.count)),
    );
  }
  const points = spec.series.flatMap((s) =>
    s.points.map((p) => ({ report: s.name, day: new Date(`${p.day}T12:00:00Z`), total: p.total })),
  );
  const closes = spec.series
    .filter((s) => s.windowCloses)
    .map((s) => ({ report: s.name, at: new Date(s.windowCloses!) }));
  const marginLeft = 50;
  const marginRight = 40;
  const x = dateAxis([...points.map((p) => p.day), ...closes.map((c) => c.at)], width - marginLeft - marginRight);
  return Plot.plot({
    width,
    height: 300,
    style: font,
    marginLeft,
    marginRight,
    marginBottom: 40,
    x: { ...x, labelOffset: BOTTOM_LABEL_OFFSET },
    y: countAxis(Math.max(0, ...points.map((p) => p.total)), 300 - 60, 'Submitted (cumulative)'),
    color: { domain: spec.series.map((s) => s.name), range: [...chartColours] },
    marks: [
      Plot.lineY(points, { x: 'day', y: 'total', stroke: 'report', curve: 'step-after', strokeWidth: 2 }),
      // A single day's submissions are a dot too: a step line of one point draws nothing.
      Plot.dot(points, { x: 'day', y: 'total', fill: 'report', r: 3 }),
      Plot.ruleX(closes, { x: 'at', stroke: 'report', strokeDasharray: '4,3' }),
      Plot.ruleY([0]),
    ],
  });
}

const day = 24 * 3600 * 1000;

/**
 * The date axis of the submissions over time: from the first date to the last (at least four weeks,
 * so one day's submissions are not a degenerate axis), about one label per 100 pixels, each label a
 * date as people write it — '5 Dec', or 'Dec 2026' when the axis spans more than half a year.
 */
export function dateAxis(dates: Date[], plotWidth: number): Plot.ScaleOptions {
  const times = dates.map((d) => d.getTime());
  let lo = times.length ? Math.min(...times) : Date.now() - 28 * day;
  let hi = times.length ? Math.max(...times) : Date.now();
  if (hi - lo < 28 * day) {
    const pad = (28 * day - (hi - lo)) / 2;
    lo -= pad;
    hi += pad;
  }
  const long = hi - lo > 183 * day;
  const words = new Intl.DateTimeFormat(
    'en-GB',
    long ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  );
  return {
    label: 'Date',
    type: 'utc',
    domain: [new Date(lo), new Date(hi)],
    ticks: Math.max(2, Math.floor(plotWidth / 130)),
    tickFormat: (d: Date) => words.format(d),
  };
}
