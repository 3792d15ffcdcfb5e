/**
 * An IBAN as a reference that tells two accounts of one name apart: its last four characters ("…5348",
 * a word joiner keeping them on the ellipsis' line). Null when there is no IBAN to show.
 */
export function maskedIban(iban: string | null | undefined): string | null {
  const compact = (iban ?? '').replace(/\s+/g, '');
  return compact.length >= 4 ? `…\u2060${compact.slice(-4).toUpperCase()}` : null;
}
