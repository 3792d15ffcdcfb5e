import { CATALOGUES, type ExportType, exports as exportCalls, type LocaleCode } from '@caudal/contract';
import type { ValueTranslations } from './value-translator';

/** `money`: two decimals; `quantity`: participations, up to ten (spec section 9). */
export type CellKind = 'text' | 'date' | 'money' | 'quantity';

/** A row as the database gives it: every value text (numbers as exact decimal text) or null. */
export type ExportRowValues = Record<string, string | null>;

export interface ExportColumnSpec {
  key: string;
  kind: CellKind;
  header: string;
  /** Spreadsheet column width, in characters (XLSX). */
  width: number;
}

const KINDS: Record<string, CellKind> = {
  operation_date: 'date',
  value_date: 'date',
  amount: 'money',
  balance: 'money',
  participations: 'quantity',
};

/** What a typical value needs, so a file opens readable without widening columns by hand. */
const WIDTHS: Record<string, number> = {
  client_name: 28,
  client_alias: 16,
  entity: 20,
  product: 28,
  product_kind: 14,
  iban: 30,
  operation_date: 12,
  value_date: 12,
  description: 44,
  amount: 14,
  balance: 16,
  currency: 9,
  investment: 32,
  isin: 15,
  investment_type: 18,
  participations: 18,
};

/** The columns a file holds, in order, with headers in the export's language. */
export function findExportColumns(
  type: ExportType,
  columns: readonly string[] | null,
  language: LocaleCode,
): ExportColumnSpec[] {
  const keys =
    type === 'positions'
      ? exportCalls.POSITION_COLUMNS
      : type === 'custom' && columns && columns.length > 0
        ? columns
        : exportCalls.TRANSACTION_COLUMNS;
  const headers = CATALOGUES[language].exports.columns as Record<string, string>;
  return keys.map((key) => {
    const header = headers[key] ?? key;
    // The header's own length, plus room for the autofilter's arrow.
    const width = Math.max(WIDTHS[key] ?? 16, header.length + 4);
    return { key, kind: KINDS[key] ?? 'text', header, width };
  });
}

/** The audit log's CSV columns, in order (headers: the catalogue's `audit.export.columns`). */
export const AUDIT_EXPORT_COLUMNS = [
  'occurred_at',
  'kind',
  'action_name',
  'action',
  'actor_kind',
  'actor_name',
  'actor_id',
  'target_client_id',
  'target_client_name',
  'target_credential_id',
  'target_link_id',
  'target_link_name',
  'target_application_id',
  'target_application_name',
  'target_user_id',
  'ip',
  'user_agent',
  'request_id',
  'changes',
] as const;

/** The audit log's export: every value as text (times in UTC, as a spreadsheet reads them), headers in its language. */
export function findAuditExportColumns(language: LocaleCode): ExportColumnSpec[] {
  const headers = CATALOGUES[language].audit.export.columns as Record<string, string>;
  return AUDIT_EXPORT_COLUMNS.map((key) => {
    const header = headers[key] ?? key;
    return { key, kind: 'text', header, width: Math.max(AUDIT_WIDTHS[key] ?? 16, header.length + 4) };
  });
}

const AUDIT_WIDTHS: Record<string, number> = {
  occurred_at: 20,
  action_name: 30,
  action: 22,
  target_client_name: 24,
  target_link_name: 24,
  target_application_name: 24,
  actor_name: 20,
  actor_id: 38,
  user_agent: 40,
  changes: 60,
};

/** The words product kinds and investment types become in the export's language (for the worker). */
export function findValueTranslations(language: LocaleCode): ValueTranslations {
  const catalogue = CATALOGUES[language];
  return {
    productKinds: { ...(catalogue.exports.productKinds as Record<string, string>) },
    investmentTypes: { ...(catalogue.wealthCodes.investmentTypes as Record<string, string>) },
  };
}

/** Says what the file holds: type, clients or the client's alias, dates, in the export's language. */
export function buildFileName(options: {
  type: ExportType;
  format: string;
  language: LocaleCode;
  singleClientAlias: string | null;
  clientsCount: number;
  dateFrom: string | null;
  dateTo: string | null;
  today: string;
}): string {
  const names = CATALOGUES[options.language].exports.fileNames;
  const who = options.singleClientAlias
    ? slug(options.singleClientAlias)
    : names.clients.replace('{n}', String(options.clientsCount));
  const when =
    options.type === 'positions' || !options.dateFrom || !options.dateTo
      ? options.today
      : `${options.dateFrom}_${options.dateTo}`;
  return `${names[options.type]}_${who}_${when}.${options.format}`;
}

function slug(value: string): string {
  const ascii = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return ascii.slice(0, 40) || 'cliente';
}
