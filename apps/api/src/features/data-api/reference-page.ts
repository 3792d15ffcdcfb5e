import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  CATALOGUES,
  DATA_API_OPENAPI_PATH,
  DATA_API_REFERENCE_PATH,
  DEFAULT_LOCALE,
  isLocaleCode,
  LOCALES,
  type LocaleCode,
} from '@caudal/contract';
import type { FastifyInstance } from 'fastify';

/** Swagger UI's own files, served from our origin (no CDN); our CSP allows them as they are. */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** The page's language: `?lang=` (the portal's link sets it), else the browser's, else the default. */
export function findReferenceLanguage(query: unknown, acceptLanguage: string | undefined): LocaleCode {
  const asked = (query as { lang?: unknown } | undefined)?.lang;
  if (isLocaleCode(asked)) return asked;
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find((code) => isLocaleCode(code));
  return isLocaleCode(preferred) ? preferred : DEFAULT_LOCALE;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The frame around Swagger UI, in the reader's language: title, language switch, loading and no-script. */
export function renderReferencePage(language: LocaleCode): string {
  const texts = CATALOGUES[language].applications.list.reference;
  const switcher = LOCALES.map((locale) =>
    locale.code === language
      ? `<strong aria-current="true">${escapeHtml(locale.name)}</strong>`
      : `<a href="${DATA_API_REFERENCE_PATH}?lang=${locale.code}" hreflang="${locale.code}" lang="${locale.code}">${escapeHtml(locale.name)}</a>`,
  ).join(' · ');
  return `<!doctype html>
<html lang="${language}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(texts.title)}</title>
  <link rel="icon" type="image/png" href="${DATA_API_REFERENCE_PATH}/favicon-32x32.png">
  <link rel="stylesheet" href="${DATA_API_REFERENCE_PATH}/swagger-ui.css">
  <link rel="stylesheet" href="${DATA_API_REFERENCE_PATH}/frame-${language}.css">
</head>
<body>
  <header class="caudal-frame">
    <h1>${escapeHtml(texts.title)}</h1>
    <nav aria-label="${escapeHtml(texts.language)}">${switcher}</nav>
  </header>
  <main id="swagger-ui"><p class="caudal-loading" role="status">${escapeHtml(texts.loading)}</p><noscript>${escapeHtml(texts.noscript)} <a href="${DATA_API_OPENAPI_PATH}">${DATA_API_OPENAPI_PATH}</a>.</noscript></main>
  <script src="${DATA_API_REFERENCE_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DATA_API_REFERENCE_PATH}/init.js"></script>
</body>
</html>
`;
}

/**
 * The frame's styles, one file per language: Swagger UI's own loading state is a CSS pseudo-element
 * reading "LOADING" in English, and our CSP forbids inline styles, so its text comes from here.
 */
export function renderFrameCss(language: LocaleCode): string {
  const loading = JSON.stringify(CATALOGUES[language].applications.list.reference.loading);
  return `.caudal-frame { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: center;
  justify-content: space-between; max-width: 1460px; margin: 0 auto; padding: 16px 20px;
  font-family: sans-serif; color: #191837; }
.caudal-frame h1 { margin: 0; font-size: 22px; }
.caudal-frame nav { font-size: 14px; }
.caudal-frame a { color: #2a60e6; }
.caudal-loading { font-family: sans-serif; padding: 40px 20px; text-align: center; color: #3b4151; }
.swagger-ui .loading-container .loading::after { content: ${loading}; text-transform: none; }
`;
}

/** No inline script (our CSP forbids it): the page starts Swagger UI from this file. */
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(DATA_API_OPENAPI_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

export function registerReferencePage(app: FastifyInstance) {
  app.get(DATA_API_REFERENCE_PATH, async (request, reply) => {
    const language = findReferenceLanguage(request.query, request.headers['accept-language']);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-language', language)
      .header('vary', 'accept-language')
      .send(renderReferencePage(language));
  });
  for (const locale of LOCALES) {
    app.get(`${DATA_API_REFERENCE_PATH}/frame-${locale.code}.css`, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(renderFrameCss(locale.code)),
    );
  }
  app.get(`${DATA_API_REFERENCE_PATH}/init.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INIT),
  );
  for (const [file, type] of Object.entries(ASSETS)) {
    app.get(`${DATA_API_REFERENCE_PATH}/${file}`, async (_request, reply) =>
      reply.type(type).send(createReadStream(join(SWAGGER_UI_DIR, file))),
    );
  }
}
