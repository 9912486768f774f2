import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FOCUSABLE, cx } from './internal';

/** Stacking of the modal (spec range 100000–100150). */
export const MODAL_Z_INDEX = { overlay: 100000, dialog: 100100 } as const;

export interface ModalProps {
  open: boolean;
  /** Heading of the dialog (it labels the dialog). */
  title: ReactNode;
  /** Called on Escape when `closable`. */
  onClose?: () => void;
  /** Escape closes the dialog; default false (e.g. the session-timeout dialog must be answered). */
  closable?: boolean;
  className?: string;
  children?: ReactNode;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Modal dialog: role=dialog, aria-modal=true, labelled by its heading; focus moves into it and is
 * trapped while open, Escape closes it when closable, and focus returns to where it was on close.
 */
export function Modal({ open, title, onClose, closable = false, className, children }: ModalProps) {
  const dialog = useRef<HTMLDivElement | null>(null);
  const titleId = `modal-title-${useId().replace(/:/g, '')}`;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const root = dialog.current;
    if (root) (focusables(root)[0] ?? root).focus();
    // Focus that escapes the dialog (e.g. a click outside) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (root && event.target instanceof Node && !root.contains(event.target)) (focusables(root)[0] ?? root).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      if (previous && typeof previous.focus === 'function' && previous.isConnected) previous.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      if (closable) {
        event.preventDefault();
        onCloseRef.current?.();
      }
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = focusables(dialog.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <>
      <div
        className="app-modal__overlay"
        style={{ position: 'fixed', inset: 0, background: 'rgba(11, 12, 12, 0.8)', zIndex: MODAL_Z_INDEX.overlay }}
      />
      <div
        ref={dialog}
        className={cx('app-modal', className)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        style={{
          position: 'fixed',
          top: '50%',
          left: '50%',
          transform: 'translate(-50%, -50%)',
          zIndex: MODAL_Z_INDEX.dialog,
          background: '#ffffff',
          padding: '30px',
          maxWidth: '640px',
          width: 'calc(100% - 30px)',
          boxSizing: 'border-box',
        }}
      >
        <h2 className="govuk-heading-m" id={titleId}>
          {title}
        </h2>
        {children}
      </div>
    </>,
    document.body,
  );
}
