import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createInvestment, createProduct } from '../seed/wealth-factories';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';
import { runExport } from './export-job';
import {
  createExportBook,
  downloadExport,
  exportJobDeps,
  generateExport,
  transactionsRequest,
} from './exports-fixtures';

/**
 * The files as a spreadsheet opens them, in each language: CSV with the language's separator and
 * decimal mark and a BOM; XLSX with date cells, number cells and their formats, a styled, frozen and
 * filtered header.
 */
let t: TestApp;
let a: SignedInTenant;
let clientId: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await signInTenant(t);
  const { client } = await createExportBook(t, a.companyId);
  clientId = client.id;
  const portfolio = await createProduct(t.db, {
    companyId: a.companyId,
    clientId,
    kind: 'portfolio',
    name: 'Cartera fondos',
  });
  await createInvestment(t.db, {
    companyId: a.companyId,
    portfolioId: portfolio.id,
    name: 'Fondo Global',
    amount: 1234.5678901234,
  });
  await createInvestment(t.db, {
    companyId: a.companyId,
    portfolioId: portfolio.id,
    name: 'Fondo Redondo',
    amount: 12.5,
  });
});
afterAll(() => t.close());

const BOM = '\uFEFF';
/** Forks the export worker (tsx and exceljs loading) the first time: seconds on a loaded machine. */
const WORKER_TEST_TIMEOUT_MS = 60_000;

async function exportFile(overrides: Record<string, unknown>): Promise<Buffer> {
  const id = await generateExport(a.call, transactionsRequest([clientId], overrides));
  expect(await runExport(exportJobDeps(t), id)).toBe('ready');
  const { response } = await downloadExport(t, a.call, id);
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

const POSITIONS = { type: 'positions', date_from: null, date_to: null };

function csvLines(bytes: Buffer): string[] {
  // The BOM is the three bytes EF BB BF, before anything else.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text.startsWith(BOM)).toBe(true);
  return text.slice(1).trimEnd().split('\r\n');
}

describe('CSV in the export’s language', { timeout: WORKER_TEST_TIMEOUT_MS }, () => {
  it('es: `;` between cells, `,` as the decimal mark, dd/mm/yyyy dates, UTF-8 with BOM, Spanish header', async () => {
    const lines = csvLines(await exportFile({ format: 'csv', language: 'es' }));
    expect(lines[0]).toBe(
      'Cliente;Alias;Entidad;Producto;Tipo de producto;IBAN;Fecha de operación;Fecha valor;Concepto;Importe;Saldo;Divisa',
    );
    expect(lines).toHaveLength(4);
    // The description holds a `;`: quoted, so it stays one cell.
    expect(lines[1]).toContain(`;12/01/2025;13/01/2025;"'-resta; ""comillas""";-0,01;1265,43;EUR`);
    expect(lines[2]).toContain(
      `;11/01/2025;;"'=HYPERLINK(""http://x.test"",""pulsa"")";-1234,56;1265,44;EUR`,
    );
    expect(lines[3]).toBe(
      'Ana García;' +
        lines[3]?.split(';')[1] +
        ';Banco Santander;Cuenta nómina;Cuenta;ES9121000418450200051332;10/01/2025;10/01/2025;Nómina enero;1500,00;2500,00;EUR',
    );
    for (const line of lines) expect(line.split(';').length).toBeGreaterThanOrEqual(12);
  });

  it('positions and transactions name the product before its kind (the same order in both)', async () => {
    const positions = csvLines(await exportFile({ ...POSITIONS, format: 'csv', language: 'es' }));
    expect(positions[0]).toBe(
      'Cliente;Alias;Entidad;Producto;Tipo de producto;IBAN;Inversión;ISIN;Tipo de inversión;Participaciones;Saldo;Divisa',
    );
    expect(positions.find((line) => line.includes('Cuenta nómina'))).toContain(
      ';Banco Santander;Cuenta nómina;Cuenta;ES9121000418450200051332;',
    );
  });

  it('en: `,` between cells, `.` as the decimal mark, ISO dates, UTF-8 with BOM, English header', async () => {
    const lines = csvLines(await exportFile({ format: 'csv', language: 'en' }));
    expect(lines[0]).toBe(
      'Client,Alias,Institution,Product,Product type,IBAN,Operation date,Value date,Description,Amount,Balance,Currency',
    );
    expect(lines[1]).toContain(`,2025-01-12,2025-01-13,"'-resta; ""comillas""",-0.01,1265.43,EUR`);
    expect(lines[3]).toContain(',Banco Santander,Cuenta nómina,Account,ES9121000418450200051332,2025-01-10,');
    expect(lines[3]).toContain(',Nómina enero,1500.00,2500.00,EUR');
  });

  it('participations keep up to ten decimals, with the language’s decimal mark', async () => {
    const es = csvLines(await exportFile({ ...POSITIONS, format: 'csv', language: 'es' }));
    expect(es[0]).toContain(';Participaciones;');
    expect(es.find((line) => line.includes('Fondo Global'))).toContain(';1234,5678901234;2500,50;EUR');
    expect(es.find((line) => line.includes('Fondo Redondo'))).toContain(';12,50;2500,50;EUR');
    const en = csvLines(await exportFile({ ...POSITIONS, format: 'csv', language: 'en' }));
    expect(en.find((line) => line.includes('Fondo Global'))).toContain(',1234.5678901234,2500.50,EUR');
  });
});

async function openSheet(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

function expectStyledFrozenFilteredHeader(sheet: ExcelJS.Worksheet, columns: number) {
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheet.autoFilter).toBe(`A1:${String.fromCharCode(64 + columns)}1`);
  const header = sheet.getRow(1);
  expect(header.getCell(1).font?.bold).toBe(true);
  expect(header.getCell(columns).fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FF191837' } });
  for (let column = 1; column <= columns; column++) {
    expect(sheet.getColumn(column).width ?? 0).toBeGreaterThanOrEqual(9);
  }
}

describe('XLSX as a spreadsheet opens it', { timeout: WORKER_TEST_TIMEOUT_MS }, () => {
  for (const language of ['es', 'en'] as const) {
    it(`${language}: date cells, amounts as numbers with two decimals, styled frozen filtered header`, async () => {
      const sheet = await openSheet(await exportFile({ format: 'xlsx', language }));
      expect(sheet.rowCount).toBe(4);
      expect(sheet.getRow(1).getCell(10).value).toBe(language === 'es' ? 'Importe' : 'Amount');
      expectStyledFrozenFilteredHeader(sheet, 12);
      const row = sheet.getRow(3);
      const operationDate = row.getCell(7);
      expect(operationDate.type).toBe(ExcelJS.ValueType.Date);
      expect(operationDate.value).toEqual(new Date('2025-01-11T00:00:00Z'));
      // A real date either way; Spanish files show it dd/mm/yyyy, English ones ISO.
      expect(operationDate.numFmt).toBe(language === 'es' ? 'dd/mm/yyyy' : 'yyyy-mm-dd');
      // No value date: an empty cell, not an invalid date.
      expect(row.getCell(8).type).toBe(ExcelJS.ValueType.Null);
      const amount = row.getCell(10);
      expect(amount.type).toBe(ExcelJS.ValueType.Number);
      expect(amount.value).toBe(-1234.56);
      expect(amount.numFmt).toBe('#,##0.00');
      expect(row.getCell(11).numFmt).toBe('#,##0.00');
      expect(row.getCell(9).value).toBe(`=HYPERLINK("http://x.test","pulsa")`);
      expect(row.getCell(9).type).toBe(ExcelJS.ValueType.String);
      // Descriptions get room to be read; currencies do not take it.
      expect(sheet.getColumn(9).width).toBeGreaterThan(sheet.getColumn(12).width ?? 0);
    });
  }

  it('positions: participations as numbers showing up to ten decimals', async () => {
    const sheet = await openSheet(await exportFile({ ...POSITIONS, format: 'xlsx', language: 'es' }));
    expectStyledFrozenFilteredHeader(sheet, 12);
    expect(sheet.getRow(1).getCell(10).value).toBe('Participaciones');
    const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
    const global = rows.find((row) => row.getCell(7).value === 'Fondo Global');
    const participations = global?.getCell(10);
    expect(participations?.type).toBe(ExcelJS.ValueType.Number);
    expect(participations?.value).toBe(1234.5678901234);
    expect(participations?.numFmt).toBe('#,##0.00########');
    expect(global?.getCell(11).value).toBe(2500.5);
    expect(global?.getCell(11).numFmt).toBe('#,##0.00');
  });
});
