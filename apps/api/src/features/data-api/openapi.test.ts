import {
  DATA_API_OPENAPI_PATH,
  DATA_API_REFERENCE_PATH,
  DATA_API_TOKEN_PATH,
  EVENT_DATA_SCHEMAS,
  EVENT_TYPES,
} from '@caudal/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDataApiRoutes } from '../../shared/data-api/registry';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI description', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const response = await t.app.inject({ method: 'GET', url: DATA_API_OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists the token endpoint and every registered data-API route, with its parameters', async () => {
    const document = (await t.app.inject({ method: 'GET', url: DATA_API_OPENAPI_PATH })).json();
    const routes = listDataApiRoutes(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(8);
    expect(document.paths[DATA_API_TOKEN_PATH].post.requestBody.content).toHaveProperty(
      'application/x-www-form-urlencoded',
    );
    const documented = Object.entries(
      document.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => `${method} ${path} ${op.operationId}`),
    );
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      expect(documented).toContain(`${route.method.toLowerCase()} ${path} ${route.operationId}`);
      const operation = document.paths[path][route.method.toLowerCase()];
      for (const name of route.path.match(/:(\w+)/g) ?? []) {
        expect(operation.parameters).toContainEqual(
          expect.objectContaining({ name: name.slice(1), in: 'path', required: true }),
        );
      }
    }
    // Named schemas are shared components, not copies.
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'Client',
        'ClientPage',
        'Transaction',
        'TransactionPage',
        'Credential',
        'Error',
        'OAuthError',
      ]),
    );
  });

  it('serves the reference page and its renderer from our own origin, within our CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: DATA_API_REFERENCE_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.length).toBeGreaterThanOrEqual(4);
    expect(page.body).not.toMatch(/<script>(?!<)/);
    for (const source of sources) {
      expect(source.startsWith('/')).toBe(true);
      const asset = await t.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode, source).toBe(200);
      expect(asset.body.length).toBeGreaterThan(0);
    }
  });

  it('frames the reference in the reader\'s language, its loading state included (never "LOADING")', async () => {
    const spanish = await t.app.inject({ method: 'GET', url: `${DATA_API_REFERENCE_PATH}?lang=es` });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Referencia de la API de datos');
    expect(spanish.body).toContain('Cargando la referencia…');
    expect(spanish.body).toContain(`${DATA_API_REFERENCE_PATH}/frame-es.css`);
    const css = await t.app.inject({ method: 'GET', url: `${DATA_API_REFERENCE_PATH}/frame-es.css` });
    expect(css.body).toContain('content: "Cargando la referencia…"');
    expect(css.body).toContain('text-transform: none');

    const english = await t.app.inject({
      method: 'GET',
      url: DATA_API_REFERENCE_PATH,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Data API reference');
    const fallback = await t.app.inject({ method: 'GET', url: `${DATA_API_REFERENCE_PATH}?lang=xx` });
    expect(fallback.body).toContain('<html lang="es">');
  });

  it('documents every event type’s payload under webhooks, with its own data fields', async () => {
    const document = (await t.app.inject({ method: 'GET', url: DATA_API_OPENAPI_PATH })).json();
    for (const type of EVENT_TYPES) {
      const operation = document.webhooks[type]?.post;
      expect(operation, type).toBeDefined();
      const schema = resolve(document, operation.requestBody.content['application/json'].schema);
      const data = resolve(document, schema.properties?.data ?? {});
      expect(Object.keys(data.properties ?? {}).sort(), type).toEqual(
        Object.keys(EVENT_DATA_SCHEMAS[type].shape).sort(),
      );
    }
  });
});

type Schema = { $ref?: string; properties?: Record<string, Schema> };
function resolve(document: { components?: { schemas?: Record<string, Schema> } }, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  return document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] ?? {};
}
