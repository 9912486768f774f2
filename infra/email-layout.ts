// One plain layout for every service e-mail: the same paragraphs as text and as simple HTML, every
// value escaped, so names typed by users can never inject markup.
import type { EmailToQueue } from './outbox';

export type Paragraph = string | { link: string; text: string };

export const SERVICE_NAME = 'Manage your ESOS reporting';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function compose(template: string, to: string, subject: string, paragraphs: Paragraph[]): EmailToQueue {
  const body = [...paragraphs, `${SERVICE_NAME} service`];
  const text = body.map((p) => (typeof p === 'string' ? p : `${p.text}: ${p.link}`)).join('\n\n');
  const html =
    '<!doctype html><html lang="en"><body style="font-family: Arial, sans-serif; font-size: 16px; color: #0b0c0c">' +
    body
      .map((p) =>
        typeof p === 'string'
          ? `<p>${escapeHtml(p)}</p>`
          : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.text)}</a></p>`,
      )
      .join('') +
    '</body></html>';
  return { to, subject, text, html, template };
}

/** '30 minutes', '3 days': how long a link stays valid. */
export function formatDuration(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} ${minutes === 1440 ? 'day' : 'days'}`;
  if (minutes % 60 === 0) return `${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}`;
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
