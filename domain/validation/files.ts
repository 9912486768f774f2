import * as v from 'valibot';
import { fileTooLargeMessage, fileTypeMessage } from './messages';

/** What the rules need of a file: a browser File, or its metadata on the server. */
export interface FileLike {
  name: string;
  size: number;
}

export const MEGABYTE = 1024 * 1024;

/** Extension after the last dot, lower case, without the dot; '' when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Human size limit: 20 * 1024 * 1024 gives '20MB', 512 * 1024 gives '512KB'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MEGABYTE && Number.isInteger((bytes * 10) / MEGABYTE)) return `${+(bytes / MEGABYTE).toFixed(1)}MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024}KB`;
  return `${bytes} bytes`;
}

export function isFileSizeAllowed(file: FileLike, maxBytes: number): boolean {
  return file.size <= maxBytes;
}

export function isFileTypeAllowed(file: FileLike, allowed: readonly string[]): boolean {
  const ext = fileExtension(file.name);
  return ext !== '' && allowed.some((a) => a.replace(/^\./, '').toLowerCase() === ext);
}

/** File size rule: 'The selected file must be smaller than 20MB'. Null passes. */
export const maxFileSize = <TInput extends FileLike | null | undefined>(
  maxBytes: number,
  message: string = fileTooLargeMessage(formatFileSize(maxBytes)),
) =>
  v.check<TInput, string>(
    (input) => input === null || input === undefined || isFileSizeAllowed(input, maxBytes),
    message,
  );

/** File extension rule ('pdf' or '.pdf', case-insensitive, after the last dot). Null passes. */
export const allowedFileTypes = <TInput extends FileLike | null | undefined>(
  allowed: readonly string[],
  message: string = fileTypeMessage(allowed),
) =>
  v.check<TInput, string>(
    (input) => input === null || input === undefined || isFileTypeAllowed(input, allowed),
    message,
  );
