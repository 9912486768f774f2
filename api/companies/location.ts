import type { CompetentAuthority } from '../../domain/authorities';

/**
 * The nation of a registered office, from Companies House's country text (or jurisdiction). Null
 * when it does not say one nation ('England and Wales', 'United Kingdom'): the applicant chooses.
 */
export function locationFromCountry(country: string | null | undefined): CompetentAuthority | null {
  switch (
    (country ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ')
  ) {
    case 'england':
      return 'ENGLAND';
    case 'wales':
      return 'WALES';
    case 'scotland':
      return 'SCOTLAND';
    case 'northern ireland':
      return 'NORTHERN_IRELAND';
    default:
      return null;
  }
}
