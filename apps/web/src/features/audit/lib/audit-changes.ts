import { type AuditEvent, LOCALE_CODES, MODULES, PERMISSIONS, STAFF_ROLES } from '@caudal/contract/routes';
import { actionLabel, type Translate } from './audit-filters';

/** How a sign-in's second step was passed or tried (the API's `SignInFactor`, recorded as `factor`). */
export const SIGN_IN_FACTORS = ['totp', 'recovery-code', 'enrolment'] as const;
/** What the export wizard records (`type`, `format` of export-generate): the contract's EXPORT_TYPES and EXPORT_FORMATS. */
export const EXPORT_TYPE_VALUES = ['custom', 'positions', 'transactions'] as const;
export const EXPORT_FORMAT_VALUES = ['csv', 'xlsx', 'json'] as const;

/**
 * The recorded fields whose values are codes of a known set, each with where its names are: a value
 * outside the set shows as recorded. Modules are named by the frame's catalogue (always loaded); the
 * others by `audit.values` (the roles, permissions and export kinds there are the Team and export
 * screens' own texts).
 */
const CODED_FIELDS: Record<string, { prefix: string; codes: readonly string[] }> = {
  factor: { prefix: 'audit.values.factor', codes: SIGN_IN_FACTORS },
  role: { prefix: 'audit.values.role', codes: STAFF_ROLES },
  permissions: { prefix: 'audit.values.permission', codes: PERMISSIONS },
  modules: { prefix: 'pages.modules', codes: MODULES },
  language: { prefix: 'audit.values.language', codes: LOCALE_CODES },
  type: { prefix: 'audit.values.exportType', codes: EXPORT_TYPE_VALUES },
  format: { prefix: 'audit.values.exportFormat', codes: EXPORT_FORMAT_VALUES },
};

/**
 * Actors the server records under fixed names rather than a user's: the operator's command line and
 * the consent scan (both of kind `operator`). They are named in the reader's language.
 */
export const SYSTEM_ACTOR_NAMES = ['operator', 'consent-scan'] as const;

/** A recorded field's name in the reader's language; a field the catalogue does not know shows its key. */
export function fieldLabel(t: Translate, field: string): string {
  return t(`audit.fields.${field}`, { defaultValue: field });
}

/** One recorded value as the reader reads it: codes of a known set named, yes/no, lists joined. */
export function changeValueText(t: Translate, field: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (Array.isArray(value)) {
    // Agreed with the field in languages that inflect it (es: "Ninguna" entidad, "Ninguno" permiso).
    if (value.length === 0) {
      return t(`audit.values.noneOf.${field}`, {
        defaultValue: t('audit.values.none', { defaultValue: '[]' }),
      });
    }
    return value.map((item) => changeValueText(t, field, item)).join(', ');
  }
  if (typeof value === 'boolean') {
    return value
      ? t('audit.values.yes', { defaultValue: 'true' })
      : t('audit.values.no', { defaultValue: 'false' });
  }
  if (typeof value === 'string') {
    if (value === '') return '""';
    if (field === 'action') return actionLabel(t, value);
    const coded = CODED_FIELDS[field];
    return coded?.codes.includes(value) ? t(`${coded.prefix}.${value}`, { defaultValue: value }) : value;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Who did it: the user's name, or a system actor's (the operator, a job) in the reader's language. */
export function actorName(t: Translate, actor: AuditEvent['actor']): string {
  if (actor.name === null) return '—';
  const isSystem =
    actor.kind === 'operator' && (SYSTEM_ACTOR_NAMES as readonly string[]).includes(actor.name);
  return isSystem ? t(`audit.systemActors.${actor.name}`, { defaultValue: actor.name }) : actor.name;
}

/** The actor's name and kind, the kind left out when it says nothing more ("Operator", not "Operator (Operator)"). */
export function actorWithKind(
  t: Translate,
  actor: AuditEvent['actor'],
): { name: string; kind: string | null } {
  const name = actorName(t, actor);
  const kind = t(`audit.actorKinds.${actor.kind}`, { defaultValue: actor.kind });
  return { name, kind: kind === name ? null : kind };
}
