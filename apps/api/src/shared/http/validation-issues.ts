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
  if (issue.code === 'too_big' && issue.message === VALIDATION.maxLength) return { n: Number(issue.maximum) };
  if (issue.code === 'too_small' && issue.message === VALIDATION.minLength)
    return { n: Number(issue.minimum) };
  return undefined;
}

/** Zod's own English texts (wrong types, unknown enum values) are not keys: name the nearest rule. */
function fallbackKey(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big') return VALIDATION.maxLength;
  if (issue.code === 'too_small') return VALIDATION.minLength;
  return VALIDATION.required;
}
