import { VALIDATION } from '@caudal/contract';
import type { z } from 'zod';
import { readableCharacter } from '../shared/readable-character';

/**
 * A refused argument as one English sentence that names the option (`--name can have at most 100
 * characters`), never zod's own text: the command line's arguments are checked by the contract's rules
 * (their messages are i18n keys, `validation.*`) and a few of zod's own (numbers, enums, emails).
 */
export function describeIssue(issue: z.core.$ZodIssue, option: string): string {
  const params = (issue as { params?: { n?: number; character?: string } }).params ?? {};
  switch (issue.message) {
    case VALIDATION.required:
      return `${option} cannot be empty`;
    case VALIDATION.blank:
      return `${option} cannot be only spaces`;
    case VALIDATION.invalidCharacter:
      return `${option} cannot contain ${readableCharacter(params.character ?? '?')}`;
    case VALIDATION.minLength:
      return `${option} needs at least ${params.n} characters`;
    case VALIDATION.maxLength:
      return `${option} can have at most ${params.n} characters`;
    case VALIDATION.email:
      return `${option} is not a valid email address`;
    case VALIDATION.url:
      return `${option} is not a valid http(s) URL`;
  }
  switch (issue.code) {
    case 'invalid_type':
      // zod keeps no input on its issues: its own text says what it received.
      if (issue.message.endsWith('received undefined')) return `${option} is required`;
      return issue.expected === 'number' ? `${option} must be a number` : `${option} has the wrong type`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${option} can have at most ${issue.maximum} characters`
        : `${option} can be at most ${issue.maximum}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `${option} needs at least ${issue.minimum} characters`
        : `${option} must be at least ${issue.minimum}`;
    case 'invalid_format':
      return issue.format === 'email'
        ? `${option} is not a valid email address`
        : `${option} is not in the expected format`;
    case 'invalid_value':
      return `${option} must be one of: ${issue.values.map(String).join(', ')}`;
  }
  // A rule's own sentence (a custom message that is no i18n key), or zod's as the last resort.
  return issue.message.startsWith('validation.') ? `${option} is not valid` : `${option}: ${issue.message}`;
}
