// The UK SIC 2007 descriptions (GET /data?types=SIC_CODES, cached by the browser for a day), loaded
// once per page load for the pages that show classification codes.
import { useEffect, useState } from 'react';
import { apiGet } from './api';

let loading: Promise<Map<string, string>> | null = null;

function load(): Promise<Map<string, string>> {
  loading ??= apiGet('/v1.0/data', { query: { types: 'SIC_CODES' }, auth: false })
    .then((data) => new Map((data.SIC_CODES ?? []).map((c) => [c.code, c.description])))
    .catch(() => {
      loading = null; // tried again on the next page that asks; codes show without descriptions meanwhile
      return new Map<string, string>();
    });
  return loading;
}

/** Code → description; empty until the list has loaded (or when it could not be). */
export function useSicDescriptions(): Map<string, string> {
  const [descriptions, setDescriptions] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    void load().then((map) => live && setDescriptions(map));
    return () => {
      live = false;
    };
  }, []);
  return descriptions;
}

/** '10110 – Processing and preserving of meat' for a code on the list, else the code as entered. */
export const sicCodeText = (code: string, descriptions: Map<string, string>): string => {
  const description = descriptions.get(code.trim());
  return description ? `${code.trim()} – ${description}` : code;
};

/**
 * An answer's classification codes for a summary list: SIC codes one a line with their descriptions
 * (so a mistyped code reads as another activity), other codes comma-separated.
 */
export function ClassificationCodes({
  type,
  codes,
  empty = '',
}: {
  type: string | null | undefined;
  codes: readonly string[];
  empty?: string;
}) {
  const descriptions = useSicDescriptions();
  const given = codes.filter((c) => c.trim() !== '');
  if (given.length === 0) return <>{empty}</>;
  if (type !== 'SIC') return <>{given.join(', ')}</>;
  return (
    <>
      {given.map((code, i) => (
        <span key={i} className="govuk-!-display-block">
          {sicCodeText(code, descriptions)}
        </span>
      ))}
    </>
  );
}
