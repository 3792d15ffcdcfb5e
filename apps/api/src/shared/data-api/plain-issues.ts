import { type FieldIssue, VALIDATION } from '@caudal/contract';
import type { z } from 'zod';

/**
 * The data API speaks to integrators, not to the portal's translated forms: every issue's `message` is
 * an English sentence naming the field (`date_from must be on or before date_to.`), never a catalogue
 * key. The portal keeps its keys (validation-issues.ts); only the data API's answers go through here.
 */
export type RequestPart = 'params' | 'query' | 'body';

const PART_WORD: Record<RequestPart, string> = {
  params: 'path parameter',
  query: 'query parameter',
  body: 'body field',
};

/** `date_from`, `items[2].name`: the field as an integrator writes it. */
export function describeField(path: readonly (string | number)[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${part}` : part;
  }
  return text || 'the request';
}

/** Zod issues of one part of the request as data-API field issues (path prefixed by the part). */
export function toPlainIssues(error: z.ZodError, part: RequestPart): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
    return { path: [part, ...path], message: describeZodIssue(issue, describeField(path)) };
  });
}

/**
 * What a field of the data API takes, where "is not valid" would not tell an integrator how to fix it:
 * by the field's own name (the last key of its path).
 */
const FIELD_EXPECTS: Record<string, string> = {
  date_from: 'a date as YYYY-MM-DD, from 0001-01-01 on',
  date_to: 'a date as YYYY-MM-DD, from 0001-01-01 on',
};

/** The sentence for one zod issue about `field`. */
export function describeZodIssue(issue: z.core.$ZodIssue, field: string): string {
  const expects = FIELD_EXPECTS[String(issue.path.at(-1))];
  const isInvalid = issue.code === 'invalid_format' || issue.message === VALIDATION.invalid;
  if (expects && isInvalid) return `${field} must be ${expects}.`;
  if (issue.message.startsWith('validation.')) {
    return describeKey(issue.message, field, issue.code === 'custom' ? issue.params : undefined);
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.message.endsWith('received undefined')) return `${field} is required.`;
      return `${field} must be ${TYPE_WORDS[issue.expected] ?? `of type ${issue.expected}`}.`;
    case 'too_small':
      if (issue.origin === 'string') return `${field} must have at least ${issue.minimum} characters.`;
      if (issue.origin === 'array') return `${field} must have at least ${issue.minimum} items.`;
      return `${field} must be ${issue.inclusive === false ? 'more than' : 'at least'} ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${field} must have at most ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `${field} must have at most ${issue.maximum} items.`;
      return `${field} must be ${issue.inclusive === false ? 'less than' : 'at most'} ${issue.maximum}.`;
    case 'invalid_value':
      return `${field} must be ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map((value) => JSON.stringify(value)).join(', ')}.`;
    case 'invalid_format':
      return `${field} must be ${FORMAT_WORDS[issue.format] ?? `a valid ${issue.format}`}.`;
    case 'unrecognized_keys':
      return `${field} has unknown fields: ${issue.keys.join(', ')}.`;
    default:
      return `${field} is not valid.`;
  }
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

const FORMAT_WORDS: Record<string, string> = {
  date: 'a date as YYYY-MM-DD',
  datetime: 'a date and time in ISO 8601',
  email: 'an email address',
  url: 'an absolute URL',
  uuid: 'a UUID',
};

/** Our own rules (the catalogue's `validation.*` keys) as sentences. */
export function describeKey(
  key: string,
  field: string,
  params?: Record<string, unknown> | undefined,
): string {
  switch (key) {
    case VALIDATION.required:
      return `${field} is required.`;
    case VALIDATION.blank:
      return `${field} must not be blank.`;
    case VALIDATION.email:
      return `${field} must be an email address.`;
    case VALIDATION.url:
      return `${field} must be an absolute http or https URL.`;
    case VALIDATION.invalidCharacter:
      return params?.character === 'U+0000'
        ? `${field} must not contain a NUL character (U+0000).`
        : `${field} must not contain the character ${String(params?.character ?? '')}.`;
    case VALIDATION.maxLength:
      return `${field} must have at most ${String(params?.n)} characters.`;
    case VALIDATION.minLength:
      return `${field} must have at least ${String(params?.n)} characters.`;
    case VALIDATION.dateOrder:
      return `${field} must be on or before date_to.`;
    default:
      return `${field} is not valid.`;
  }
}

/** The error's own message: the first issue's sentence with its part named, and how many more follow. */
export function summariseIssues(issues: readonly FieldIssue[]): string {
  const [first] = issues;
  if (!first) return 'The request is not valid.';
  const part = PART_WORD[first.path[0] as RequestPart];
  const lead = part ? `The ${part} ${first.message}` : first.message;
  const more = issues.length - 1;
  if (more === 0) return lead;
  return `${lead.slice(0, -1)}; ${more} more ${more === 1 ? 'problem is' : 'problems are'} listed in issues.`;
}
