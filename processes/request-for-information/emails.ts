// What a request for information's e-mails say to the organisation: the task to respond names the
// request, how many questions it asks, the deadline and (added by the activity) the link to answer.
import type { AssignedTask } from '../../domain/process-definition';
import { formatDateLong } from '../../domain/validation/dates';
import type { SentRequest } from './request';

/**
 * How many questions a request asks: its numbered or bulleted lines, or else its sentences ending in
 * a question mark — at least one (a request is one question even when it is worded as an instruction).
 */
export function questionCount(questions: string): number {
  const items = questions.split(/\r?\n/).filter((line) => /^\s*(\(?\d+[.)]|\(?[a-z][.)]|[-*•])\s+\S/i.test(line));
  const asked = questions.match(/\?(?=\s|$)/g)?.length ?? 0;
  return Math.max(1, items.length, asked);
}

/** '1 question', '3 questions'. */
export const questionsInWords = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;

/** The e-mail to whoever is given the task to respond (in place of 'New task received'). */
export function responseTaskEmail(task: AssignedTask): { subject: string; paragraphs: string[]; link: string } {
  const sent = (task.draft.request ?? {}) as Partial<SentRequest>;
  const deadline = typeof sent.deadline === 'string' ? formatDateLong(sent.deadline) : '';
  const n = questionCount(sent.questions ?? '');
  return {
    subject: `Request for information ${task.requestId}: respond by ${deadline} - Manage your ESOS reporting`,
    paragraphs: [
      `Your regulator has sent ${task.organisation ?? 'your organisation'} a request for information, reference ${task.requestId}. It asks ${questionsInWords(n)}.`,
      `A response is required by 11:59pm on ${deadline}. You have been given the task to respond: sign in to read the questions and send the response, with any files.`,
      'If you cannot respond by then, contact your regulator before the deadline.',
    ],
    link: `Respond to request for information ${task.requestId}`,
  };
}
