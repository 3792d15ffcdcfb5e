/**
 * How a company is found by its name: case aside, and runs of spaces as one. Names are stored that way
 * (a name with two spaces in a row is saved with one), so "Beta   Co" and "Beta Co", which a page shows
 * alike, are one company, and typing either signs in to it. Compared with `lower(companies.name)`.
 */
export function toCompanyNameKey(name: string): string {
  return collapseSpaces(name).toLowerCase();
}

/** Trimmed, each run of white space one plain space. */
export function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}
