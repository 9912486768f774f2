// What the summary of a submitted account application decision or account closure shows: one
// source for the request page (read-only snapshot) and the submission document's PDF. Reports take
// theirs from their definitions (reportAnswers).
export interface DocumentRow {
  key: string;
  value: string[];
}

export interface DocumentSection {
  title: string;
  rows: DocumentRow[];
}

const text = (value: unknown): string[] => (value === null || value === undefined || value === '' ? [] : [String(value)]);

function addressLines(address: Record<string, unknown> | undefined): string[] {
  if (!address) return [];
  return ['line1', 'line2', 'city', 'county', 'postcode'].flatMap((k) => text(address[k]));
}

/** The sections of an account application decision or closure, or null for another action. */
export function accountSubmissionSections(actionType: string, payload: unknown): DocumentSection[] | null {
  const p = (payload ?? {}) as Record<string, any>;
  if (actionType.startsWith('ORGANISATION_ACCOUNT_OPENING_')) {
    const account = (p.account ?? {}) as Record<string, any>;
    const codes = account.codes as { type?: string; codes?: unknown[] } | undefined;
    return [
      {
        title: 'Decision',
        rows: [
          { key: 'Decision', value: text(p.decision?.decision === 'APPROVED' ? 'Approved' : p.decision?.decision === 'REJECTED' ? 'Rejected' : p.decision?.decision) },
          { key: 'Reason', value: text(p.decision?.reason) },
        ],
      },
      {
        title: 'Organisation details',
        rows: [
          { key: 'Organisation name', value: text(account.name) },
          { key: 'Company registration number', value: account.registrationNumber ? [String(account.registrationNumber)] : ['Not registered at Companies House'] },
          { key: 'Address', value: addressLines(account.address) },
          { key: 'Classification codes', value: (codes?.codes ?? []).map((c) => String(typeof c === 'object' && c ? ((c as { code?: unknown }).code ?? '') : c)) },
          { key: 'Location', value: text(account.competentAuthority) },
        ],
      },
    ];
  }
  if (actionType.startsWith('ACCOUNT_CLOSURE_')) {
    return [{ title: 'Account closure', rows: [{ key: 'Reason for closing the account', value: text(p.accountClosure?.reason) }] }];
  }
  return null;
}
