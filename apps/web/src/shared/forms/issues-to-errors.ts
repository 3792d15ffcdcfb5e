import { readableCharacter, type Translate } from './readable-character';

/**
 * Maps schema issues (client-side zod issues or the server's ValidationError issues) to Mantine form
 * errors. Each issue's `message` is a catalogue key like `validation.maxLength` and `params` fill its
 * placeholders, so the same mapping serves both sides.
 */
export interface LooseIssue {
  path: readonly PropertyKey[];
  message: string;
  params?: Record<string, unknown>;
}

export type { Translate };

export function issuesToFormErrors(
  issues: readonly LooseIssue[],
  translate: Translate,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map((segment) => String(segment)).join('.');
    // The first issue of a field is the one to fix first (the contract orders its checks).
    if (errors[path] === undefined) errors[path] = translate(issue.message, readableParams(issue, translate));
  }
  return errors;
}

/** An issue's params, the invalid character made readable (a space would otherwise print as nothing). */
function readableParams(issue: LooseIssue, translate: Translate): Record<string, unknown> | undefined {
  const character = issue.params?.character;
  if (typeof character !== 'string') return issue.params;
  return { ...issue.params, character: readableCharacter(character, translate) };
}

export interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly LooseIssue[] } };
}

/** A Mantine `validate` function from a contract schema. */
export function schemaValidator(schema: SafeParser, translate: Translate) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    return result.success ? {} : issuesToFormErrors(result.error.issues, translate);
  };
}
