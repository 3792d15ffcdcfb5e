const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const EUROPEAN_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** yyyy-mm-dd or d/m/yyyy to yyyy-mm-dd; anything else (or a day that does not exist) is no date. */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DAY.exec(value);
  const european = EUROPEAN_DAY.exec(value);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : european
      ? [european[3], european[2], european[1]]
      : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
