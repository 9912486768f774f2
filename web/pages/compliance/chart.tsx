// A chart of the overview: its heading is the page's, its SVG is drawn when the chart library (a
// chunk of its own) has loaded, in the space kept for it (app.css, by kind and width), so nothing
// below it moves. When
// the library cannot be loaded the chart's space says so and the table beside it carries the numbers.
import { useEffect, useRef, useState } from 'react';
import type { ChartSpec } from './charts';

/** The legend's keys by chart kind; kept here so the legend needs no chart library. */
const legends: Record<ChartSpec['kind'], (spec: ChartSpec) => string[]> = {
  status: () => ['Submitted', 'In progress', 'Not started'],
  breakdown: () => [],
  overTime: (spec) => (spec.kind === 'overTime' ? spec.series.map((s) => s.name) : []),
};

export function Chart({ spec, title }: { spec: ChartSpec; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const el = box.current;
    if (!el) return;
    let observer: ResizeObserver | undefined;
    import('./charts')
      .then(({ drawChart }) => {
        if (!live) return;
        // Drawn for the width it has, and again when that changes (a phone turned, a window resized).
        let drawnAt = -1;
        const draw = () => {
          if (Math.abs(el.clientWidth - drawnAt) < 20) return;
          drawnAt = el.clientWidth;
          el.replaceChildren(drawChart(spec, el.clientWidth, title));
        };
        draw();
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(draw);
          observer.observe(el);
        }
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [spec, title]);
  const legend = legends[spec.kind](spec);
  return (
    <div className="app-chart">
      {failed ? (
        <p className="govuk-body govuk-!-margin-bottom-2">
          The chart could not be shown. The table has the same numbers.
        </p>
      ) : null}
      {!failed && legend.length ? (
        <ul className="app-chart__legend" aria-label="Key">
          {legend.map((key, i) => (
            <li key={key}>
              <span className={`app-chart__swatch app-chart__swatch--${i}`} aria-hidden="true" />
              {key}
            </li>
          ))}
        </ul>
      ) : null}
      <div
        ref={box}
        data-chart={spec.kind}
        className={failed ? undefined : `app-chart__box app-chart__box--${spec.kind}`}
      />
    </div>
  );
}
