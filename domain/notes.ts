// Notes on an account or on a request (spec §7 "Account notes", "Request notes"; reference platform
// §3.5): one text rule and one shape, with the id of the place the note is on.
import * as v from 'valibot';
import { requiredText, wholeNumber } from './validation';
import { NOTE_MAX_FILES, UUID } from './files';

export const NOTE_MAX_LENGTH = 10000;
export const NOTE_REQUIRED = 'Enter a note';

const noteText = requiredText(NOTE_REQUIRED, { maxLength: NOTE_MAX_LENGTH });

/** The optional `files` of a note body: uuids of uploads (without them, a changed note keeps its files). */
export const noteFilesSchema = v.optional(
  v.pipe(
    v.array(
      v.pipe(v.string('Each file must be given by its uuid'), v.regex(UUID, 'Each file must be given by its uuid')),
      'Give the files as a list of file uuids',
    ),
    v.maxLength(NOTE_MAX_FILES, `A note can have up to ${NOTE_MAX_FILES} files`),
  ),
);

export const noteUpdateSchema = v.object({ note: noteText, files: noteFilesSchema });
export const accountNoteSchema = v.object({
  accountId: wholeNumber('Required parameter accountId was null or undefined'),
  note: noteText,
  files: noteFilesSchema,
});
export const requestNoteSchema = v.object({
  requestId: v.pipe(v.string('requestId must be text'), v.minLength(1), v.maxLength(30)),
  note: noteText,
  files: noteFilesSchema,
});

/** A note as the API answers it (the answers' schemas, from which the SPA's types are made). */
export const noteDtoSchema = v.object({
  id: v.number(),
  note: v.string(),
  /** uuid → file name */
  files: v.record(v.string(), v.string()),
  submitter: v.string(),
  submitterId: v.string(),
  roleType: v.picklist(['OPERATOR', 'REGULATOR', 'VERIFIER']),
  updatedAt: v.string(),
  editable: v.boolean(),
});
export const accountNoteDtoSchema = v.object({ ...noteDtoSchema.entries, accountId: v.number() });
export const requestNoteDtoSchema = v.object({ ...noteDtoSchema.entries, requestId: v.string() });
export const accountNotesPageSchema = v.object({
  accountNotes: v.array(accountNoteDtoSchema),
  totalItems: v.number(),
  hasUserEditPermission: v.boolean(),
});
export const requestNotesPageSchema = v.object({
  requestNotes: v.array(requestNoteDtoSchema),
  totalItems: v.number(),
  hasUserEditPermission: v.boolean(),
});

export type NoteDto = v.InferOutput<typeof noteDtoSchema>;
export type AccountNoteDto = v.InferOutput<typeof accountNoteDtoSchema>;
export type RequestNoteDto = v.InferOutput<typeof requestNoteDtoSchema>;
export type AccountNotesPage = v.InferOutput<typeof accountNotesPageSchema>;
export type RequestNotesPage = v.InferOutput<typeof requestNotesPageSchema>;
