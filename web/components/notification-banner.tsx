import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from './internal';

export interface NotificationBannerProps {
  /** 'success' (role=alert, focused on appearance) or 'neutral' (role=region). Default 'neutral'. */
  type?: 'success' | 'neutral';
  /** Title in the banner header; default 'Success' or 'Important'. */
  title?: ReactNode;
  /** Heading inside the content (`govuk-notification-banner__heading`). */
  heading?: ReactNode;
  titleId?: string;
  titleHeadingLevel?: 2 | 3 | 4 | 5 | 6;
  disableAutoFocus?: boolean;
  className?: string;
  children?: ReactNode;
}

export function NotificationBanner({
  type = 'neutral',
  title,
  heading,
  titleId,
  titleHeadingLevel = 2,
  disableAutoFocus,
  className,
  children,
}: NotificationBannerProps) {
  const generated = useId();
  const id = titleId ?? `govuk-notification-banner-title-${generated.replace(/:/g, '')}`;
  const success = type === 'success';
  const root = useRef<HTMLDivElement | null>(null);
  const Heading = `h${titleHeadingLevel}` as const;

  useEffect(() => {
    if (success && !disableAutoFocus) root.current?.focus();
  }, [success, disableAutoFocus]);

  return (
    <div
      ref={root}
      className={cx('govuk-notification-banner', success && 'govuk-notification-banner--success', className)}
      role={success ? 'alert' : 'region'}
      aria-labelledby={id}
      data-module="govuk-notification-banner"
      tabIndex={success && !disableAutoFocus ? -1 : undefined}
    >
      <div className="govuk-notification-banner__header">
        <Heading className="govuk-notification-banner__title" id={id}>
          {title ?? (success ? 'Success' : 'Important')}
        </Heading>
      </div>
      <div className="govuk-notification-banner__content">
        {heading ? <p className="govuk-notification-banner__heading">{heading}</p> : null}
        {children}
      </div>
    </div>
  );
}
