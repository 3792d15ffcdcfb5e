/**
 * Paths that carry a credential: a single-use download token, a Link's token, a connect page's token,
 * and the reset, invitation and renewal links to come. The logger's request serializer masks them
 * (logger.ts), so none reaches a log line, the request's own line included (request-log.ts, whether
 * the request was answered or abandoned).
 *
 * The marker is the parameter's name: a path parameter named `token`, or ending in `Token` / `_token`
 * (`:resetToken`, `:invitation_token`), carries a credential. Every route is recorded as it is
 * registered (`recordRoute`, an onRoute hook in app.ts), so a new route with such a parameter is masked
 * without being listed anywhere, and `credential-paths.test.ts` walks them all. Pages the portal serves
 * from its history fallback (no API route of their own) are declared in CREDENTIAL_PAGES.
 */
export function isCredentialParam(name: string): boolean {
  return name === 'token' || name.endsWith('Token') || name.endsWith('_token');
}

/** The portal's pages whose path carries a credential (apps/web's router; the test checks it). */
export const CREDENTIAL_PAGES: readonly string[] = [
  '/:lang/connect/:token',
  '/connect/:token',
  '/:lang/link/:token',
  '/:lang/links/:token/funnel',
];

export const REDACTED = '[redacted]';

interface Template {
  /** The template's non-empty segments. */
  parts: readonly string[];
  /** Positions (in `parts`) of the segments that carry a credential. */
  credentials: readonly number[];
}

const templates = new Map<string, Template>();
const routes = new Map<string, Set<string>>();

function compile(path: string): Template {
  const parts = path.split('/').filter(Boolean);
  const credentials = parts.flatMap((part, index) =>
    part.startsWith(':') && isCredentialParam(part.slice(1)) ? [index] : [],
  );
  return { parts, credentials };
}

function addTemplate(path: string) {
  const template = compile(path);
  if (template.credentials.length > 0) templates.set(path, template);
}

for (const page of CREDENTIAL_PAGES) addTemplate(page);

/** Called for every route the app registers (and every method of it). */
export function recordRoute(method: string | readonly string[], url: string) {
  const methods = routes.get(url) ?? new Set<string>();
  for (const one of typeof method === 'string' ? [method] : method) methods.add(one);
  routes.set(url, methods);
  addTemplate(url);
}

/** Every route recorded so far, with its methods: the route table, for the masking test. */
export function listRecordedRoutes(): { url: string; methods: string[] }[] {
  return [...routes].map(([url, methods]) => ({ url, methods: [...methods] }));
}

/** The paths whose credential segments are masked: the recorded routes' and the declared pages'. */
export function listCredentialPaths(): string[] {
  return [...templates.keys()];
}

/**
 * The path with every credential segment replaced by `[redacted]`. A template matches when its static
 * segments are the path's, compared as the router compares them (percent-decoded, empty segments of
 * `//` or a trailing `/` skipped); parameters match any segment, and the path may go on past the
 * template (a 404 under a credential route is masked too).
 */
export function maskCredentialPath(path: string): string {
  const segments = path.split('/');
  const parts = segments.flatMap((segment, index) => (segment === '' ? [] : [index]));
  let isMasked = false;
  for (const template of templates.values()) {
    if (!matches(template, segments, parts)) continue;
    for (const position of template.credentials) segments[parts[position] ?? 0] = REDACTED;
    isMasked = true;
  }
  return isMasked ? segments.join('/') : path;
}

function matches(template: Template, segments: readonly string[], parts: readonly number[]): boolean {
  if (parts.length < template.parts.length) return false;
  return template.parts.every((expected, position) => {
    if (expected.startsWith(':') || expected === '*') return true;
    return decodeSegment(segments[parts[position] ?? 0] ?? '') === expected;
  });
}

function decodeSegment(segment: string): string {
  // Every request's log line comes through here: only an escaped segment needs decoding.
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
