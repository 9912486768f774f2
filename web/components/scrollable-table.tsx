import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A wide table's own scrolling region (a focusable, labelled region, so keyboard users can scroll
 * it too), which says 'Scroll the table to see all columns' while it is wider than the page, and
 * shades the edge that has more columns beyond it.
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = region.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {scrolls ? (
        <p id={hintId} className="govuk-body-s app-scroll-hint">
          Scroll the table to see all columns
        </p>
      ) : null}
      <div
        ref={region}
        className={`app-table-container${scrolls ? ' app-table-container--scrolls' : ''}`}
        role="region"
        aria-label={label}
        aria-describedby={scrolls ? hintId : undefined}
        tabIndex={0}
      >
        {children}
      </div>
    </>
  );
}
