import type { Ref, RefCallback } from 'react';

/** Joins class names, skipping falsy parts. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/** One callback ref that feeds every given ref (react-hook-form's `register` ref included). */
export function mergeRefs<T>(...refs: Array<Ref<T> | undefined>): RefCallback<T> {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) (ref as { current: T | null }).current = node;
    }
  };
}

/** Space-separated ids, or undefined when none. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ').trim();
  return list === '' ? undefined : list;
}

/** Id of the form group that the error summary links to: `l.{field path}`. */
export function errorAnchorId(path: string): string {
  return `l.${path}`;
}

export const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * The ids of a field and its parts: the control's id (defaults to its name), its hint and error
 * message ids when it has them, and the form group's error-summary anchor (`l.{name}`).
 */
export function fieldIds(field: {
  id?: string;
  name?: string;
  hint?: unknown;
  errorMessage?: unknown;
  groupId?: string;
}) {
  const fieldId = field.id ?? field.name;
  const anchorPath = field.name ?? fieldId;
  return {
    fieldId,
    hintId: field.hint ? `${fieldId}-hint` : undefined,
    errorId: field.errorMessage ? `${fieldId}-error` : undefined,
    anchor: field.groupId ?? (anchorPath ? errorAnchorId(anchorPath) : undefined),
  };
}
