// What a request for information says: the regulator's questions and deadline, the operator's
// response, and the regulator's next steps after it expired — their schemas and messages (shared by
// the API's checks and the SPA's forms), its deadline as a task deadline, and what its snapshots show.
import * as v from 'valibot';
import { requiredText } from '../../domain/validation';
import { dateValue, dateValueToIso, dateError, formatDateLong, type DateValue } from '../../domain/validation/dates';
import { endOfUkDay, ukDate } from '../../domain/deadlines';
import { DAY } from '../../domain/working-days';
import type { DocumentSection, TaskDeadline } from '../../domain/process-definition';

export const RFI_TEXT_MAX_LENGTH = 10000;
export const QUESTIONS_REQUIRED = 'Enter the information you are requesting';
export const RESPONSE_REQUIRED = 'Enter your response';
export const NEXT_STEPS_REQUIRED = 'Enter the next steps';
export const DEADLINE_REQUIRED = 'Enter a deadline for the response';
export const DEADLINE_IN_FUTURE = 'The deadline must be in the future';

/** Reminders to the operator 7 days and 1 day before the deadline (reference workflows §12). */
export const RFI_REMINDER_DAYS = [7, 1];

export const rfiSubmitSchema = v.object({
  questions: requiredText(QUESTIONS_REQUIRED, { maxLength: RFI_TEXT_MAX_LENGTH }),
  deadline: dateValue({ required: true, messages: { required: DEADLINE_REQUIRED } }),
});
export type RfiSubmitPayload = v.InferOutput<typeof rfiSubmitSchema>;

export const rfiResponseSchema = v.object({
  response: requiredText(RESPONSE_REQUIRED, { maxLength: RFI_TEXT_MAX_LENGTH }),
});
export const rfiNextStepsSchema = v.object({
  nextSteps: requiredText(NEXT_STEPS_REQUIRED, { maxLength: RFI_TEXT_MAX_LENGTH }),
});

/** The deadline's message when it is not after `today` (the UK day), else null. */
export function deadlineProblem(deadline: DateValue | null, now: Date): string | null {
  const today = ukDate(now);
  return (
    dateError(deadline, { required: true, messages: { required: DEADLINE_REQUIRED } }) ??
    (dateValueToIso(deadline)! <= today ? DEADLINE_IN_FUTURE : null)
  );
}

/** The response task's deadline: the end of the deadline's day (UK), reminders 7 and 1 days before. */
export function rfiDeadline(deadline: string): TaskDeadline {
  return { dueAt: endOfUkDay(deadline).toISOString(), remindBeforeMs: RFI_REMINDER_DAYS.map((d) => d * DAY) };
}

/** The request as the timeline keeps it once sent (RFI_SUBMITTED's payload, the later tasks' draft). */
export interface SentRequest {
  questions: string;
  /** 'YYYY-MM-DD'. */
  deadline: string;
  /** uuid → file name. */
  attachments: Record<string, string>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? [value] : []);
const files = (value: unknown) =>
  Object.values((value && typeof value === 'object' ? value : {}) as Record<string, string>);

/** What each snapshot shows (request page and PDF). */
export function rfiSummary(_actionType: string, payload: unknown): DocumentSection[] {
  const p = (payload ?? {}) as Record<string, unknown>;
  if ('response' in p) {
    return [
      {
        title: 'Response',
        rows: [
          { key: 'Response', value: text(p.response) },
          { key: 'Uploaded files', value: files(p.attachments) },
        ],
      },
    ];
  }
  if ('nextSteps' in p) return [{ title: 'Next steps', rows: [{ key: 'Next steps', value: text(p.nextSteps) }] }];
  return [
    {
      title: 'Request for information',
      rows: [
        { key: 'Questions', value: text(p.questions) },
        { key: 'Deadline for the response', value: typeof p.deadline === 'string' ? [formatDateLong(p.deadline)] : [] },
        { key: 'Uploaded files', value: files(p.attachments) },
      ],
    },
  ];
}
