// The overview's charts, drawn with Observable Plot as SVG. Imported only by ./chart.tsx, with a
// dynamic import, so the library is a chunk of its own that only /compliance loads; when it cannot be
// loaded the tables beside the charts still carry every number.
import * as Plot from '@observablehq/plot';
import type { ComplianceBreakdown, ComplianceOverTime, ComplianceReportCounts } from '../../../domain/compliance';

/** GOV.UK colours with at least 3:1 contrast on white, for marks. */
export const chartColours = ['#1d70b8', '#00703c', '#d4351c', '#4c2c92', '#505a5f'] as const;
const font = { fontFamily: '"GDS Transport", arial, sans-serif', fontSize: '14px', color: '#0b0c0c', background: 'transparent' };

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

function plot(spec: ChartSpec, width: number): Element {
  const narrow = width < 600;
  if (spec.kind === 'status') {
    const states = ['SUBMITTED', 'IN_PROGRESS', 'NOT_STARTED'] as const;
    const words = { SUBMITTED: 'Submitted', IN_PROGRESS: 'In progress', NOT_STARTED: 'Not started' };
    const data = spec.reports.flatMap((r) => states.map((s) => ({ report: r.name, state: words[s], count: r.counts[s], href: spec.hrefOf(r.requestType, s) })));
    return Plot.plot({
      width,
      style: font,
      marginLeft: narrow ? 10 : 160,
      x: { label: 'Organisations', grid: true },
      y: { label: null, axis: narrow ? null : 'left', domain: spec.reports.map((r) => r.name) },
      color: { domain: Object.values(words), range: [...chartColours] },
      marks: [
        Plot.barX(data, Plot.stackX({ y: 'report', x: 'count', fill: 'state', href: 'href', title: (d: { report: string; state: string; count: number }) => `${d.report}, ${d.state}: ${d.count}` })),
        ...(narrow ? [Plot.text(spec.reports, { y: 'name', x: 0, text: 'name', textAnchor: 'start', dy: -14, frameAnchor: 'left' })] : []),
        Plot.ruleX([0]),
      ],
    });
  }
  if (spec.kind === 'breakdown') {
    const rows = spec.breakdown.rows.map((r) => ({ ...r, href: spec.hrefOf(r.value) }));
    return Plot.plot({
      width,
      style: font,
      marginLeft: narrow ? 10 : 330,
      x: { label: 'Notifications', grid: true },
      y: { label: null, axis: narrow ? null : 'left', domain: rows.map((r) => r.label) },
      marks: [
        Plot.barX(rows, { y: 'label', x: 'count', fill: chartColours[0], href: 'href', title: (d: { label: string; count: number }) => `${d.label}: ${d.count}` }),
        ...(narrow ? [Plot.text(rows, { y: 'label', x: 0, text: 'label', textAnchor: 'start', dy: -14, frameAnchor: 'left' })] : []),
        Plot.ruleX([0]),
      ],
    });
  }
  const points = spec.series.flatMap((s) => s.points.map((p) => ({ report: s.name, day: new Date(`${p.day}T12:00:00Z`), total: p.total })));
  const closes = spec.series.filter((s) => s.windowCloses).map((s) => ({ report: s.name, at: new Date(s.windowCloses!) }));
  return Plot.plot({
    width,
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
