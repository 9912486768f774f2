// The addresses of the compliance pages: a list's (and its chase check's) filters in the query
// string, so every number links to its list and a list can be bookmarked, shared and exported.
import {
  complianceListQuery,
  complianceSorts,
  complianceStates,
  type ComplianceList,
  type ComplianceSort,
} from '../../../domain/compliance';

export interface ListPlace extends ComplianceList {
  sort: ComplianceSort;
  direction: 'asc' | 'desc';
  /** 1-based, as the address shows it. */
  page: number;
}

export const listHref = (list: Partial<ComplianceList>) => `/compliance/accounts?${complianceListQuery(list)}`;
export const chaseCheckHref = (list: ComplianceList) => `/compliance/chase?${complianceListQuery(list)}`;
export const rfiBatchHref = (list: ComplianceList) => `/compliance/rfi?${complianceListQuery(list)}`;

export function readListPlace(search: string): ListPlace {
  const q = new URLSearchParams(search);
  const state = q.get('state');
  const sort = q.get('sort');
  const page = Number(q.get('page'));
  return {
    requestType: q.get('requestType') ?? '',
    ...(state && (complianceStates as readonly string[]).includes(state)
      ? { state: state as ComplianceList['state'] }
      : {}),
    ...(q.get('category') ? { category: q.get('category')! } : {}),
    ...(q.get('search') ? { search: q.get('search')! } : {}),
    sort: sort && (complianceSorts as readonly string[]).includes(sort) ? (sort as ComplianceSort) : 'name',
    direction: q.get('direction') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The list's own filters, without its order and page. */
export const listOf = ({ requestType, state, category, search }: ComplianceList): ComplianceList => ({
  requestType,
  ...(state ? { state } : {}),
  ...(category ? { category } : {}),
  ...(search ? { search } : {}),
});

export function placeHref(place: ListPlace): string {
  return `/compliance/accounts?${complianceListQuery({ ...listOf(place), ...(place.sort !== 'name' ? { sort: place.sort } : {}), ...(place.direction !== 'asc' ? { direction: place.direction } : {}), ...(place.page > 1 ? { page: place.page } : {}) })}`;
}
