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
 * Horizontal bars, one band per label: on a wide screen the labels are the y axis; on a narrow one
 * each label is written above its bar, so long names never squeeze the bars.
 */
function bars<T extends Record<string, unknown>>(
  width: number,
  labels: string[],
  xLabel: string,
  marks: (inset: { insetTop: number; insetBottom: number }) => Plot.Markish[],
  labelled: { data: T[]; y: string },
  colours?: string[],
): Element {
  const narrow = width < 600;
  const band = narrow ? 56 : 36;
  return Plot.plot({
    width,
    height: labels.length * band + 50,
    style: font,
    marginLeft: narrow ? 10 : Math.min(420, 16 + 7.4 * Math.max(...labels.map((l) => l.length))),
    marginRight: 20,
    x: { label: xLabel, grid: true },
    y: { label: null, axis: narrow ? null : 'left', domain: labels, padding: 0.15 },
    ...(colours ? { color: { domain: colours, range: [...chartColours] } } : {}),
    marks: [
      ...marks(narrow ? { insetTop: 26, insetBottom: 2 } : { insetTop: 0, insetBottom: 0 }),
      ...(narrow
        ? [Plot.text(labelled.data, { y: labelled.y, x: 0, text: labelled.y, textAnchor: 'start', dy: -14 })]
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
      states.map((s) => ({ report: r.name, state: words[s], count: r.counts[s], href: spec.hrefOf(r.requestType, s) })),
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
      Object.values(words),
    );
  }
  if (spec.kind === 'breakdown') {
    const rows = spec.breakdown.rows.map((r) => ({ ...r, href: spec.hrefOf(r.value) }));
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
    );
  }
  const points = spec.series.flatMap((s) =>
    s.points.map((p) => ({ report: s.name, day: new Date(`${p.day}T12:00:00Z`), total: p.total })),
  );
  const closes = spec.series
    .filter((s) => s.windowCloses)
    .map((s) => ({ report: s.name, at: new Date(s.windowCloses!) }));
  return Plot.plot({
    width,
    height: 300,
    style: font,
    x: { label: 'Date', type: 'utc' },
    y: { label: 'Submitted (cumulative)', grid: true },
    color: { domain: spec.series.map((s) => s.name), range: [...chartColours] },
    marks: [
      Plot.lineY(points, { x: 'day', y: 'total', stroke: 'report', curve: 'step-after', strokeWidth: 2 }),
      Plot.ruleX(closes, { x: 'at', stroke: 'report', strokeDasharray: '4,3' }),
      Plot.ruleY([0]),
    ],
  });
}
