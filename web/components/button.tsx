import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './internal';

interface CommonButtonProps {
  variant?: 'primary' | 'secondary' | 'warning' | 'inverse';
  /** Start button (arrow icon). */
  isStart?: boolean;
  children?: ReactNode;
}

export type ButtonAsButtonProps = CommonButtonProps &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    href?: undefined;
    /** Disabled (and aria-disabled) while a request is pending. */
    pending?: boolean;
    ref?: Ref<HTMLButtonElement>;
  };

export type ButtonAsLinkProps = CommonButtonProps &
  AnchorHTMLAttributes<HTMLAnchorElement> & {
    href: string;
    pending?: undefined;
    ref?: Ref<HTMLAnchorElement>;
  };

export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

function StartIcon() {
  return (
    <svg
      className="govuk-button__start-icon"
      xmlns="http://www.w3.org/2000/svg"
      width="17.5"
      height="19"
      viewBox="0 0 33 40"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d="M0 0h13l20 20-20 20H0l20-20z" />
    </svg>
  );
}

/** GOV.UK button; a link styled as a button when `href` is given. Type defaults to 'submit'. */
export function Button(props: ButtonProps) {
  const classes = cx(
    'govuk-button',
    props.variant && props.variant !== 'primary' && `govuk-button--${props.variant}`,
    props.isStart && 'govuk-button--start',
    props.className,
  );
  if (props.href !== undefined) {
    const { variant: _v, isStart, children, className: _c, pending: _p, ...rest } = props;
    return (
      <a {...rest} role="button" draggable="false" className={classes} data-module="govuk-button">
        {children}
        {isStart ? <StartIcon /> : null}
      </a>
    );
  }
  const {
    variant: _v,
    isStart,
    children,
    className: _c,
    pending,
    disabled,
    type = 'submit',
    href: _h,
    ...rest
  } = props;
  const isDisabled = !!(disabled || pending);
  return (
    <button
      {...rest}
      type={type}
      disabled={isDisabled}
      aria-disabled={isDisabled ? true : undefined}
      className={classes}
      data-module="govuk-button"
    >
      {children}
      {isStart ? <StartIcon /> : null}
    </button>
  );
}

/** `<div class="govuk-button-group">`. */
export function ButtonGroup({ children, className }: { children?: ReactNode; className?: string }) {
  return <div className={cx('govuk-button-group', className)}>{children}</div>;
}

/** A link that runs an action in the page (such as Cancel next to a form's button) instead of going anywhere. */
export function ActionLink({ onClick, children }: { onClick: () => void; children?: ReactNode }) {
  return (
    <a
      href="#"
      className="govuk-link"
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
    >
      {children}
    </a>
  );
}
