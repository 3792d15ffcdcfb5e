import { type FieldIssue, VALIDATION } from '@caudal/contract';
import type { z } from 'zod';

/** Zod issues as the wire's field issues: `message` is the i18n key, `params` fill its placeholders. */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const params = findParams(issue);
    return {
      path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
      message: issue.message.startsWith('validation.') ? issue.message : fallbackKey(issue),
      ...(params ? { params } : {}),
    };
  });
}

function findParams(issue: z.core.$ZodIssue): FieldIssue['params'] | undefined {
  if (issue.code === 'custom' && issue.params) return issue.params as FieldIssue['params'];
  // Only the length messages have an {n} placeholder ("required" is a min(1) too).
  const key = issue.message.startsWith('validation.') ? issue.message : fallbackKey(issue);
  if (issue.code === 'too_big' && key === VALIDATION.maxLength) return { n: Number(issue.maximum) };
  if (issue.code === 'too_small' && key === VALIDATION.minLength) return { n: Number(issue.minimum) };
  return undefined;
}

/** Zod's own English texts (wrong types, unknown enum values) are not keys: name the nearest rule. */
function fallbackKey(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big' && issue.origin === 'string') return VALIDATION.maxLength;
  if (issue.code === 'too_small' && issue.origin === 'string') return VALIDATION.minLength;
  // A missing field is "required"; a present one of the wrong type or value is "invalid".
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined'))
    return VALIDATION.required;
  return VALIDATION.invalid;
}
