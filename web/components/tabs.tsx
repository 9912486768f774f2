import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { cx } from './internal';

export interface TabItem {
  /** Panel id, also the URL fragment that selects the tab. */
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Heading of the tab list; default 'Contents'. */
  title?: ReactNode;
  /** Called when the user selects another tab (not on first render). */
  onChange?: (tabId: string) => void;
  /** Render the inactive panels' content too (hidden). Default false: only the selected panel's content is mounted. */
  renderInactive?: boolean;
  className?: string;
  id?: string;
}

function hashId(): string {
  return typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.replace(/^#/, ''));
}

/** Selected tab for a fragment: the matching item, else the first one. */
export function selectedTabId(items: readonly TabItem[], fragment: string): string | undefined {
  return items.find((i) => i.id === fragment)?.id ?? items[0]?.id;
}

/** Writes the fragment with history.replaceState, keeping path and query parameters. */
export function replaceHash(id: string): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}#${id}`);
}

/**
 * GOV.UK tabs. The selected tab is the URL fragment (query parameters are kept); the first tab is
 * selected when no tab matches. ArrowLeft/ArrowUp, ArrowRight/ArrowDown, Home and End move between tabs.
 */
export function Tabs({ items, title = 'Contents', onChange, renderInactive = false, className, id }: TabsProps) {
  const [fragment, setFragment] = useState(hashId);
  const selected = selectedTabId(items, fragment);
  const tabRefs = useRef(new Map<string, HTMLAnchorElement>());

  useEffect(() => {
    const sync = () => setFragment(hashId());
    window.addEventListener('hashchange', sync);
    window.addEventListener('popstate', sync);
    return () => {
      window.removeEventListener('hashchange', sync);
      window.removeEventListener('popstate', sync);
    };
  }, []);

  const select = useCallback(
    (tabId: string, focus: boolean) => {
      if (focus) tabRefs.current.get(tabId)?.focus();
      if (tabId === selected) return;
      replaceHash(tabId);
      setFragment(tabId);
      onChange?.(tabId);
    },
    [selected, onChange],
  );

  const onClick = (event: MouseEvent<HTMLAnchorElement>, tabId: string) => {
    event.preventDefault();
    select(tabId, false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const index = items.findIndex((i) => i.id === selected);
    let next: number | undefined;
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowUp':
      case 'Left':
      case 'Up':
        next = index - 1;
        break;
      case 'ArrowRight':
      case 'ArrowDown':
      case 'Right':
      case 'Down':
        next = index + 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = items.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = items[next];
    if (target) select(target.id, true);
  };

  return (
    <div id={id} className={cx('govuk-tabs', className)} data-module="govuk-tabs">
      <h2 className="govuk-tabs__title">{title}</h2>
      <ul className="govuk-tabs__list" role="tablist">
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <li
              key={item.id}
              className={cx('govuk-tabs__list-item', isSelected && 'govuk-tabs__list-item--selected')}
              role="presentation"
            >
              <a
                ref={(node) => {
                  if (node) tabRefs.current.set(item.id, node);
                  else tabRefs.current.delete(item.id);
                }}
                className="govuk-tabs__tab"
                href={`#${item.id}`}
                id={`tab_${item.id}`}
                role="tab"
                aria-controls={item.id}
                aria-selected={isSelected}
                tabIndex={isSelected ? 0 : -1}
                onClick={(event) => onClick(event, item.id)}
                onKeyDown={onKeyDown}
              >
                {item.label}
              </a>
            </li>
          );
        })}
      </ul>
      {items.map((item) => {
        const isSelected = item.id === selected;
        return (
          <div
            key={item.id}
            className={cx('govuk-tabs__panel', !isSelected && 'govuk-tabs__panel--hidden')}
            id={item.id}
            role="tabpanel"
            aria-labelledby={`tab_${item.id}`}
            hidden={!isSelected}
          >
            {isSelected || renderInactive ? item.panel : null}
          </div>
        );
      })}
    </div>
  );
}
