/**
 * Shaping the history answers for charts and their tables (issue 31). Pure, so it is tested apart.
 */

/** Mantine colours for a chart's lines and slices, in order; the total line is always `dark.6`. */
export const CHART_COLORS = [
  'brand.6',
  'teal.7',
  'orange.7',
  'grape.6',
  'cyan.7',
  'red.7',
  'lime.8',
  'indigo.4',
  'pink.6',
  'yellow.8',
] as const;

export const colorAt = (index: number) => CHART_COLORS[index % CHART_COLORS.length] ?? 'gray.6';

const SEPARATOR = '\u00a0· ';

/** A product's line as `seriesLabels` reads it; `reference` tells two accounts apart (`maskedIban`, iban.ts). */
export interface SeriesIdentity {
  name: string;
  entity: string;
  reference?: string | null;
}

/**
 * Labels that tell a chart's series apart, in the series' order: a product's name; with its institution
 * when another series has the same name (the same product at two banks); then, when the name and the
 * institution repeat too (two such accounts at one bank), with its reference (an IBAN's end), else a
 * number. A product without a name goes by its institution.
 */
export function seriesLabels(items: readonly SeriesIdentity[], entityName: (id: string) => string): string[] {
  // A no-break space before each dot: a wrapped label never starts a line with one.
  const repeated = (labels: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
    return (label: string) => (counts.get(label) ?? 0) > 1;
  };
  const names = items.map((item) => item.name.trim() || entityName(item.entity));
  const nameRepeats = repeated(names);
  const withEntity = names.map((name, index) =>
    nameRepeats(name) ? `${name}${SEPARATOR}${entityName(items[index]?.entity ?? '')}` : name,
  );
  const entityRepeats = repeated(withEntity);
  const withReference = withEntity.map((label, index) => {
    const reference = items[index]?.reference;
    return entityRepeats(label) && reference ? `${label}${SEPARATOR}${reference}` : label;
  });
  const stillRepeats = repeated(withReference);
  const seen = new Map<string, number>();
  return withReference.map((label) => {
    if (!stillRepeats(label)) return label;
    const number = (seen.get(label) ?? 0) + 1;
    seen.set(label, number);
    return `${label} (${number})`;
  });
}

/**
 * Whether two lines share a name and an institution (two such accounts at one bank): only then does a
 * chart need the accounts' IBANs to tell them apart.
 */
export function hasTwins(items: readonly SeriesIdentity[]): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    const key = `${item.entity}\u0000${item.name.trim()}`;
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

/**
 * The indexes of the days a table of carried daily values needs: the first, every day on which any
 * column changed, and the last. The chart draws every day; the table lists what a reader needs.
 */
export function changeDays(columns: readonly (readonly (number | null)[])[], length: number): number[] {
  const days: number[] = [];
  for (let day = 0; day < length; day++) {
    const changed =
      day === 0 || day === length - 1 || columns.some((values) => values[day] !== values[day - 1]);
    if (changed) days.push(day);
  }
  return days;
}

/** Share of each slice in a total, in whole percent that add up to 100 (largest remainder). */
export function percentShares(values: readonly number[]): number[] {
  const total = values.reduce((sum, value) => sum + Math.abs(value), 0);
  if (total === 0) return values.map(() => 0);
  const exact = values.map((value) => (Math.abs(value) / total) * 100);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

/**
 * A share as shown: a slice that holds something never reads "0 %" (a small loan beside a large
 * portfolio rounds to nothing); it reads "<1".
 */
export function shareLabel(share: number, value: number): string {
  return share === 0 && value !== 0 ? '<1' : String(share);
}

/** At most this many points per line: more only slows drawing (the table keeps every change). */
export const MAX_CHART_POINTS = 400;

/** Indexes of the days a chart draws: every day up to MAX_CHART_POINTS, else evenly spaced and the last. */
export function chartDays(length: number, max = MAX_CHART_POINTS): number[] {
  if (length <= max) return Array.from({ length }, (_, index) => index);
  const step = Math.ceil(length / max);
  const days: number[] = [];
  for (let day = 0; day < length - 1; day += step) days.push(day);
  days.push(length - 1);
  return days;
}

/**
 * The point a day belongs to: the first of the (ascending) points on or after it, the point whose
 * value includes that day; undefined for a day after the last point.
 */
export function pointHolding(points: readonly string[], day: string): string | undefined {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((points[middle] ?? '') < day) low = middle + 1;
    else high = middle;
  }
  return points[low];
}
