import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DATA_API_OPENAPI_PATH, DATA_API_REFERENCE_PATH } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';

/** Swagger UI's own files, served from our origin (no CDN); our CSP allows them as they are. */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Caudal data API reference</title>
  <link rel="icon" type="image/png" href="${DATA_API_REFERENCE_PATH}/favicon-32x32.png">
  <link rel="stylesheet" href="${DATA_API_REFERENCE_PATH}/swagger-ui.css">
</head>
<body>
  <main id="swagger-ui"><noscript>The API reference needs JavaScript. The description itself is at <a href="${DATA_API_OPENAPI_PATH}">${DATA_API_OPENAPI_PATH}</a>.</noscript></main>
  <script src="${DATA_API_REFERENCE_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DATA_API_REFERENCE_PATH}/init.js"></script>
</body>
</html>
`;

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
  app.get(DATA_API_REFERENCE_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
  app.get(`${DATA_API_REFERENCE_PATH}/init.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INIT),
  );
  for (const [file, type] of Object.entries(ASSETS)) {
    app.get(`${DATA_API_REFERENCE_PATH}/${file}`, async (_request, reply) =>
      reply.type(type).send(createReadStream(join(SWAGGER_UI_DIR, file))),
    );
  }
}
