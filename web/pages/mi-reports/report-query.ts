// A report page's place in the address: ?page=N (1-based) and, for workbooks of several sheets,
// ?sheet=Name, so a page can be linked to and the back button works.
import { pageFromSearch } from '../../components/pagination';

export interface ReportPlace {
  page: number;
  sheet?: string;
}

export function readPlace(): ReportPlace {
  const sheet = new URLSearchParams(window.location.search).get('sheet');
  return { page: pageFromSearch(window.location.search), ...(sheet ? { sheet } : {}) };
}

export function pushPlace(place: ReportPlace): void {
  const params = new URLSearchParams();
  if (place.sheet) params.set('sheet', place.sheet);
  if (place.page > 1) params.set('page', String(place.page));
  window.history.pushState(null, '', `${window.location.pathname}${params.size ? `?${params}` : ''}`);
}
