// Custom search attributes on every request workflow, so operations staff can filter in the
// Temporal UI by account, request type and competent authority.
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const AccountId = defineSearchAttributeKey('EsosAccountId', SearchAttributeType.KEYWORD);
export const RequestType = defineSearchAttributeKey('EsosRequestType', SearchAttributeType.KEYWORD);
export const CompetentAuthority = defineSearchAttributeKey('EsosCompetentAuthority', SearchAttributeType.KEYWORD);

export const searchAttributeKeys = [AccountId, RequestType, CompetentAuthority];
