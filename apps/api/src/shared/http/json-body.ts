import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error';

/**
 * No call takes a body nested anywhere near this deep. Refusing deeper ones before `JSON.parse` keeps
 * every later walk over the body (NUL scan, zod) shallow, whoever sends it and before sign-in.
 */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True when the JSON text opens more than `maxDepth` arrays or objects inside each other. One pass over
 * the characters, no allocation: brackets inside strings do not count. Malformed text is left to the
 * parser, which answers it with a 400 of its own.
 */
export function isNestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (isInString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) isInString = false;
    } else if (char === QUOTE) {
      isInString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * The JSON parser of every call: a POST with `content-type: application/json` and no body is an empty
 * request (not a syntax error), and a body nested deeper than MAX_JSON_DEPTH is refused with
 * `400 NestingTooDeep` before it is parsed.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(new AppError('NestingTooDeep', `The body is nested deeper than ${MAX_JSON_DEPTH} levels`));
    }
    return parseJson(request, text, done);
  });
}
