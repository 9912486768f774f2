// Who may get a download token for a request action's attachment or document (read by
// api/route-access.test.ts): a submitted notification of account A (England) naming one attachment
// and with its document. Anyone with an authority on A or in England gets it; an operator of another
// account and a regulator of another authority get 404, as for an action that does not exist.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../infra/db';
import type { AccessExpectation, World } from '../route-access';

async function prepare(db: Db, w: World): Promise<Record<string, string | number>> {
  const requestId = `FD${randomUUID().slice(0, 12)}`;
  await db('requests').insert({
    id: requestId,
    type: 'NOTIFICATION_OF_COMPLIANCE_P3',
    status: 'COMPLETED',
    account_id: w.accountA,
    competent_authority: 'ENGLAND',
  });
  const file = async (kind: string) => {
    const uuid = randomUUID();
    const content = Buffer.from(`%PDF-1.4 ${kind}\n`);
    await db('files').insert({
      uuid,
      kind,
      file_name: `${kind}.pdf`,
      content_type: 'application/pdf',
      size: content.length,
      content,
      status: 'SUBMITTED',
      request_id: requestId,
      account_id: w.accountA,
    });
    return uuid;
  };
  const attachment = await file('ATTACHMENT');
  const document = await file('DOCUMENT');
  const [action] = await db('request_actions')
    .insert({
      request_id: requestId,
      type: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED',
      payload: JSON.stringify({ report: {}, attachments: { [attachment]: 'ATTACHMENT.pdf' } }),
      submitter_id: w.users.adminOfA.id,
      submitter: 'Test User',
    })
    .returning('id');
  await db('request_action_file_documents').insert({
    request_action_id: action.id,
    file_uuid: document,
    request_id: requestId,
  });
  return { actionId: Number(action.id), attachment, document };
}

const onAccountA: AccessExpectation['expect'] = [401, 200, 200, 404, 200, 404, 200, 404];

// prettier-ignore
export const accessExpectations: Record<string, AccessExpectation> = {
  'GET /v1.0/request-action-attachments/:id': { prepare, url: (_w, p) => `/api/v1.0/request-action-attachments/${p.actionId}?attachmentUuid=${p.attachment}`, expect: onAccountA },
  'GET /v1.0/request-action-file-documents/:id': { prepare, url: (_w, p) => `/api/v1.0/request-action-file-documents/${p.actionId}?fileDocumentUuid=${p.document}`, expect: onAccountA },
};
