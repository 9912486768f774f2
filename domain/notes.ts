// Notes on an account or on a request (spec §7 "Account notes", "Request notes"; reference platform
// §3.5): one text rule and one shape, with the id of the place the note is on.
import * as v from 'valibot';
import { requiredText, wholeNumber } from './validation';

export const NOTE_MAX_LENGTH = 10000;
export const NOTE_REQUIRED = 'Enter a note';

const noteText = requiredText(NOTE_REQUIRED, { maxLength: NOTE_MAX_LENGTH });

export const noteUpdateSchema = v.object({ note: noteText });
export const accountNoteSchema = v.object({
  accountId: wholeNumber('Required parameter accountId was null or undefined'),
  note: noteText,
});
export const requestNoteSchema = v.object({
  requestId: v.pipe(v.string('requestId must be text'), v.minLength(1), v.maxLength(30)),
  note: noteText,
});

export interface NoteDto {
  id: number;
  note: string;
  /** uuid → file name */
  files: Record<string, string>;
  submitter: string;
  submitterId: string;
  roleType: 'OPERATOR' | 'REGULATOR' | 'VERIFIER';
  updatedAt: string;
  editable: boolean;
}

export type AccountNoteDto = NoteDto & { accountId: number };
export type RequestNoteDto = NoteDto & { requestId: string };

export interface AccountNotesPage {
  accountNotes: AccountNoteDto[];
  totalItems: number;
  hasUserEditPermission: boolean;
}

export interface RequestNotesPage {
  requestNotes: RequestNoteDto[];
  totalItems: number;
  hasUserEditPermission: boolean;
}
