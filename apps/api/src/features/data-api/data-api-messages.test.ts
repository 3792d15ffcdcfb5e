import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createClientWithProducts, signInTenant } from '../wealth/wealth-fixtures';
import { createApplicationFor, getToken } from './data-api-fixtures';

/**
 * Every validation rule of every data-API route answers a plain English sentence naming the field, in
 * the issue and in the error's message: never a catalogue key (`validation.dateOrder`) nor zod's text.
 */
let t: TestApp;
let token: string;
let clientId: string;
let accountId: string;
let portfolioId: string;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await signInTenant(t, { modules: ['wealth', 'applications', 'links'] });
  const book = await createClientWithProducts(t, tenant.companyId, 'Ana Martínez');
  clientId = book.client.id;
  accountId = book.account.id;
  portfolioId = book.portfolio.id;
  token = await getToken(t, await createApplicationFor(tenant, 'ERP'));
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

interface Case {
  what: string;
  method?: 'GET' | 'POST';
  url: () => string;
  body?: unknown;
  path: (string | number)[];
  issue: string;
  message: string;
}

const long = (n: number) => 'x'.repeat(n);
const transactions = () => `/api/v1/clients/${clientId}/products/${accountId}/transactions`;
const portfolioTransactions = () => `/api/v1/clients/${clientId}/portfolios/${portfolioId}/transactions`;

const CASES: Case[] = [
  {
    what: 'a search longer than a name',
    url: () => `/api/v1/clients?search=${long(101)}`,
    path: ['query', 'search'],
    issue: 'search must have at most 100 characters.',
    message: 'The query parameter search must have at most 100 characters.',
  },
  {
    what: 'an unknown sort',
    url: () => '/api/v1/clients?sort=balance',
    path: ['query', 'sort'],
    issue: 'sort must be one of "name", "alias", "created_at".',
    message: 'The query parameter sort must be one of "name", "alias", "created_at".',
  },
  {
    what: 'an unknown order',
    url: () => '/api/v1/clients?order=up',
    path: ['query', 'order'],
    issue: 'order must be one of "asc", "desc".',
    message: 'The query parameter order must be one of "asc", "desc".',
  },
  {
    what: 'a page that is not a number',
    url: () => '/api/v1/clients?page=two',
    path: ['query', 'page'],
    issue: 'page must be a number.',
    message: 'The query parameter page must be a number.',
  },
  {
    what: 'a page that is not whole',
    url: () => '/api/v1/clients?page=1.5',
    path: ['query', 'page'],
    issue: 'page must be a whole number.',
    message: 'The query parameter page must be a whole number.',
  },
  {
    what: 'page 0',
    url: () => '/api/v1/clients?page=0',
    path: ['query', 'page'],
    issue: 'page must be at least 1.',
    message: 'The query parameter page must be at least 1.',
  },
  {
    what: 'a page past the last possible',
    url: () => '/api/v1/clients?page=100001',
    path: ['query', 'page'],
    issue: 'page must be at most 100000.',
    message: 'The query parameter page must be at most 100000.',
  },
  {
    what: 'a page size over the maximum',
    url: () => '/api/v1/clients?page_size=1000',
    path: ['query', 'page_size'],
    issue: 'page_size must be at most 100.',
    message: 'The query parameter page_size must be at most 100.',
  },
  {
    what: 'a client id longer than any id',
    url: () => `/api/v1/clients/${long(65)}`,
    path: ['params', 'client_id'],
    issue: 'client_id must have at most 64 characters.',
    message: 'The path parameter client_id must have at most 64 characters.',
  },
  {
    what: 'a reversed date range',
    url: () => `${transactions()}?date_from=2025-02-01&date_to=2025-01-01`,
    path: ['query', 'date_from'],
    issue: 'date_from must be on or before date_to.',
    message: 'The query parameter date_from must be on or before date_to.',
  },
  {
    what: 'a date that is no date',
    url: () => `${transactions()}?date_from=2025-02-30`,
    path: ['query', 'date_from'],
    issue: 'date_from must be a date as YYYY-MM-DD, from 0001-01-01 on.',
    message: 'The query parameter date_from must be a date as YYYY-MM-DD, from 0001-01-01 on.',
  },
  {
    what: 'a date in another format',
    url: () => `${transactions()}?date_to=01/02/2025`,
    path: ['query', 'date_to'],
    issue: 'date_to must be a date as YYYY-MM-DD, from 0001-01-01 on.',
    message: 'The query parameter date_to must be a date as YYYY-MM-DD, from 0001-01-01 on.',
  },
  {
    what: 'year 0',
    url: () => `${transactions()}?date_to=0000-01-01`,
    path: ['query', 'date_to'],
    issue: 'date_to must be a date as YYYY-MM-DD, from 0001-01-01 on.',
    message: 'The query parameter date_to must be a date as YYYY-MM-DD, from 0001-01-01 on.',
  },
  {
    what: 'a cursor the API did not issue',
    url: () => `${transactions()}?cursor=garbage`,
    path: ['query', 'cursor'],
    issue: 'cursor is not one this API issued: pass the previous page’s next_cursor unchanged.',
    message:
      'The query parameter cursor is not one this API issued: pass the previous page’s next_cursor unchanged.',
  },
  {
    what: 'a cursor longer than any cursor',
    url: () => `${transactions()}?cursor=${long(201)}`,
    path: ['query', 'cursor'],
    issue: 'cursor must have at most 200 characters.',
    message: 'The query parameter cursor must have at most 200 characters.',
  },
  {
    what: 'a limit of 0',
    url: () => `${transactions()}?limit=0`,
    path: ['query', 'limit'],
    issue: 'limit must be at least 1.',
    message: 'The query parameter limit must be at least 1.',
  },
  {
    what: 'a limit over the maximum',
    url: () => `${transactions()}?limit=201`,
    path: ['query', 'limit'],
    issue: 'limit must be at most 200.',
    message: 'The query parameter limit must be at most 200.',
  },
  {
    what: 'a portfolio’s reversed date range',
    url: () => `${portfolioTransactions()}?date_from=2025-02-01&date_to=2025-01-01`,
    path: ['query', 'date_from'],
    issue: 'date_from must be on or before date_to.',
    message: 'The query parameter date_from must be on or before date_to.',
  },
  {
    what: 'a portfolio’s cursor the API did not issue',
    url: () => `${portfolioTransactions()}?cursor=AAAA`,
    path: ['query', 'cursor'],
    issue: 'cursor is not one this API issued: pass the previous page’s next_cursor unchanged.',
    message:
      'The query parameter cursor is not one this API issued: pass the previous page’s next_cursor unchanged.',
  },
  {
    what: 'an investment id longer than any id',
    url: () => `${portfolioTransactions()}?investment_id=${long(65)}`,
    path: ['query', 'investment_id'],
    issue: 'investment_id must have at most 64 characters.',
    message: 'The query parameter investment_id must have at most 64 characters.',
  },
  {
    what: 'a portfolio id longer than any id',
    url: () => `/api/v1/clients/${clientId}/portfolios/${long(65)}/investments`,
    path: ['params', 'portfolio_id'],
    issue: 'portfolio_id must have at most 64 characters.',
    message: 'The path parameter portfolio_id must have at most 64 characters.',
  },
  {
    what: 'a bank longer than an entity id',
    url: () => `/api/v1/credentials?bank=${long(65)}`,
    path: ['query', 'bank'],
    issue: 'bank must have at most 64 characters.',
    message: 'The query parameter bank must have at most 64 characters.',
  },
  {
    what: 'a Link code exchange without a code',
    method: 'POST',
    url: () => '/api/v1/link-codes/exchange',
    body: {},
    path: ['body', 'code'],
    issue: 'code is required.',
    message: 'The body field code is required.',
  },
  {
    what: 'a blank Link code',
    method: 'POST',
    url: () => '/api/v1/link-codes/exchange',
    body: { code: '   ' },
    path: ['body', 'code'],
    issue: 'code must have at least 1 characters.',
    message: 'The body field code must have at least 1 characters.',
  },
  {
    what: 'a Link code that is not text',
    method: 'POST',
    url: () => '/api/v1/link-codes/exchange',
    body: { code: 42 },
    path: ['body', 'code'],
    issue: 'code must be text.',
    message: 'The body field code must be text.',
  },
  {
    what: 'a Link code longer than any code',
    method: 'POST',
    url: () => '/api/v1/link-codes/exchange',
    body: { code: long(201) },
    path: ['body', 'code'],
    issue: 'code must have at most 200 characters.',
    message: 'The body field code must have at most 200 characters.',
  },
  {
    what: 'a NUL character',
    url: () => '/api/v1/clients?search=a%00b',
    path: ['query', 'search'],
    issue: 'search must not contain a NUL character (U+0000).',
    message: 'The query parameter search must not contain a NUL character (U+0000).',
  },
];

describe('data-API validation messages', () => {
  for (const c of CASES) {
    it(`${c.what}: “${c.issue}”`, async () => {
      const response = await send(c.method ?? 'GET', c.url(), c.body);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('ValidationError');
      expect(error.issues).toEqual([{ path: c.path, message: c.issue }]);
      expect(error.message).toBe(c.message);
      expect(response.body).not.toMatch(/validation\.|are not valid|Invalid input/);
    });
  }

  it('several problems: the first is the message, and the rest are counted', async () => {
    const response = await send('GET', `${transactions()}?limit=0&date_from=nope`);
    const { error } = response.json();
    expect(error.issues).toHaveLength(2);
    expect(error.message).toMatch(/^The query parameter .+; 1 more problem is listed in issues\.$/);
  });
});
