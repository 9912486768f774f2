// The document step of a submission (issue 14): renders a PDF of what a request action submitted,
// keeps it as the action's file document, and e-mails it to the submitter and the account's
// primary contact (and, for an account application, the applicant). Idempotent: the action's row
// is locked while its document is written, so a retried activity finds the document it made and
// neither stores nor sends another.
import { randomUUID } from 'node:crypto';
import type { Db } from '../infra/db';
import { compose, SERVICE_NAME } from '../infra/email-layout';
import { queueEmails } from '../infra/outbox';
import {
  documentCopy,
  documentSent,
  documentEvent,
  documentFileName,
  documentSections,
  documentTitle,
  type SubmissionDocument,
} from '../documents/content';
import { timelineEntry } from '../domain/process-registry';
import { renderSubmissionPdf } from '../documents/pdf';

export interface FiledDocument {
  requestActionId: number;
  fileUuid: string;
  fileName: string;
}

export function createDocumentActivities(deps: { db: Db }) {
  const { db } = deps;

  async function existing(requestActionId: number): Promise<FiledDocument | null> {
    const row = await db('request_action_file_documents as d')
      .join('files as f', 'f.uuid', 'd.file_uuid')
      .where('d.request_action_id', requestActionId)
      .first('d.file_uuid', 'f.file_name');
    return row ? { requestActionId, fileUuid: row.file_uuid, fileName: row.file_name } : null;
  }

  return {
    /**
     * Files the document of the request's latest action of this type (the one the workflow step
     * before it recorded). Returns null when the request has no such action.
     */
    async fileSubmissionDocument(args: { requestId: string; actionType: string }): Promise<FiledDocument | null> {
      const event = documentEvent(args.actionType);
      if (!event) throw new Error(`${args.actionType} has no submission document`);
      const action = await db('request_actions')
        .where({ request_id: args.requestId, type: args.actionType })
        .orderBy('id', 'desc')
        .first();
      if (!action) return null;
      const actionId = Number(action.id);
      const found = await existing(actionId);
      if (found) return found;

      const request = await db('requests').where({ id: args.requestId }).first('id', 'type', 'account_id');
      const account =
        request.account_id === null
          ? null
          : await db('accounts').where({ id: request.account_id }).first('name', 'organisation_id');
      const document: SubmissionDocument = {
        title: documentTitle(request.type),
        event,
        reference: request.id,
        organisation: account ? `${account.name} (ID: ${account.organisation_id})` : null,
        submittedAt: new Date(action.created_at),
        submitter: action.submitter ?? '',
        sections: documentSections(request.type, args.actionType, action.payload),
      };
      const pdf = await renderSubmissionPdf(document);
      const fileName = documentFileName(request.id, request.type, args.actionType);

      return db.transaction(async (trx) => {
        // Two attempts at once: the second waits here and then finds the first's document.
        await trx('request_actions').where({ id: actionId }).forUpdate().first('id');
        const again = await trx('request_action_file_documents')
          .where({ request_action_id: actionId })
          .first('file_uuid');
        if (again) {
          const file = await trx('files').where({ uuid: again.file_uuid }).first('file_name');
          return { requestActionId: actionId, fileUuid: again.file_uuid, fileName: file.file_name };
        }
        const uuid = randomUUID();
        await trx('files').insert({
          uuid,
          kind: 'DOCUMENT',
          file_name: fileName,
          content_type: 'application/pdf',
          size: pdf.length,
          content: pdf,
          status: 'SUBMITTED',
          account_id: request.account_id,
          request_id: request.id,
          created_by: action.submitter_id,
        });
        await trx('request_action_file_documents').insert({
          request_action_id: actionId,
          file_uuid: uuid,
          request_id: request.id,
        });

        // Who receives it: the submitter, the account's primary contact, and an applicant their decision.
        const ids = new Set<string>();
        if (action.submitter_id) ids.add(action.submitter_id);
        if (request.account_id !== null) {
          const primary = await trx('account_contacts')
            .where({ account_id: request.account_id, contact_type: 'PRIMARY' })
            .first('user_id');
          if (primary) ids.add(primary.user_id);
        }
        if (timelineEntry(args.actionType)?.documentToStarter) {
          const first = await trx('request_actions')
            .where({ request_id: request.id })
            .whereNotNull('submitter_id')
            .orderBy('id')
            .first('submitter_id');
          if (first) ids.add(first.submitter_id);
        }
        const users = ids.size
          ? await trx('users')
              .whereIn('id', [...ids])
              .select('id', 'email')
          : [];
        const emails = [...new Set(users.map((u) => u.email as string).filter(Boolean))];
        const what = documentCopy(args.actionType, document.title);
        const sent = documentSent(args.actionType);
        const subject = `${document.title} ${request.id}: ${sent ? 'a copy of what was sent' : 'your copy'} - ${SERVICE_NAME}`;
        await queueEmails(
          trx,
          emails.map((to) => ({
            ...compose('SubmissionDocument', to, subject, [
              `Attached is a copy of ${what}${document.organisation ? ` ${sent ? 'sent to' : 'for'} ${document.organisation}` : ''}, reference ${request.id}.`,
              sent
                ? `It was sent by ${document.submitter || 'the service'}. ${sent} You can also download it from the request's page in the service.`
                : `It was recorded by ${document.submitter || 'the service'}. You can also download it from the workflow's page in the service.`,
            ]),
            attachments: [uuid],
          })),
        );
        return { requestActionId: actionId, fileUuid: uuid, fileName };
      });
    },
  };
}

export type DocumentActivities = ReturnType<typeof createDocumentActivities>;
