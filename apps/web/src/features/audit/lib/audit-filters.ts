import type * as contractRoutes from '@caudal/contract/routes';
import {
  applications,
  audit,
  auth,
  connections,
  customCss,
  exports,
  funnel,
  links,
  type Module,
  OPERATOR_AUDIT_ACTIONS,
  platform,
  portals,
  security,
  summary,
  team,
  unmatched,
  wealth,
  webhooks,
} from '@caudal/contract/routes';

/** The filters of `/audit`, kept in the URL so a client's or credential's page can link to its history. */
export interface AuditFilters {
  actor: string;
  action: string;
  client: string;
  credential: string;
  /** yyyy-mm-dd, in the user's own time zone. */
  from: string;
  to: string;
}

const KEYS = ['actor', 'action', 'client', 'credential', 'from', 'to'] as const;

export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const read = (key: (typeof KEYS)[number]) => params.get(key)?.trim() ?? '';
  return {
    actor: read('actor'),
    action: read('action'),
    client: read('client'),
    credential: read('credential'),
    from: /^\d{4}-\d{2}-\d{2}$/.test(read('from')) ? read('from') : '',
    to: /^\d{4}-\d{2}-\d{2}$/.test(read('to')) ? read('to') : '',
  };
}

export function toAuditParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) if (filters[key]) params.set(key, filters[key]);
  return params;
}

/** The request of one page: a day range in local time becomes [from 00:00, the day after `to` 00:00). */
export function toAuditRequest(filters: AuditFilters) {
  const localMidnight = (day: string, addDays = 0) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return new Date(year, month - 1, date + addDays).toISOString();
  };
  return {
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.client ? { client_id: filters.client } : {}),
    ...(filters.credential ? { credentials_token: filters.credential } : {}),
    ...(filters.from ? { from: localMidnight(filters.from) } : {}),
    ...(filters.to ? { to: localMidnight(filters.to, 1) } : {}),
  };
}

type RoutesModule = typeof contractRoutes;
/** The exports of `@caudal/contract/routes` that hold calls: each feature's routes. */
type RouteNamespace = {
  [K in keyof RoutesModule]: RoutesModule[K] extends object
    ? Extract<RoutesModule[K][keyof RoutesModule[K]], { path: string; access: unknown }> extends never
      ? never
      : K
    : never;
}[keyof RoutesModule];

/**
 * Every feature's calls, imported by name (a bundle keeps only these), each call whose contract
 * declares `audit` recording its action. Typed by the contract's exports: a feature added there and
 * not here does not compile (and audit-actions.test.ts, which walks the whole contract, fails).
 */
const ROUTE_NAMESPACES: Record<RouteNamespace, object> = {
  applications,
  audit,
  auth,
  connections,
  customCss,
  exports,
  funnel,
  links,
  platform,
  portals,
  security,
  summary,
  team,
  unmatched,
  wealth,
  webhooks,
};

/** Actions recorded outside the calls' declarations: a sign-in (its kind says whether it failed), a logout. */
export const SESSION_ACTIONS = ['login', 'logout'] as const;
/** Actions the server's jobs record (the consent scan's reminders). */
export const JOB_ACTIONS = ['consent-reminder'] as const;

/**
 * Every action the log can hold, the one list the action filter offers: each audited call's, the
 * session's, the jobs' and the operator's commands (`company.…`, `staff.…`).
 */
export const AUDIT_ACTIONS: readonly string[] = (() => {
  const names = new Set<string>([...SESSION_ACTIONS, ...JOB_ACTIONS, ...OPERATOR_AUDIT_ACTIONS]);
  for (const namespace of Object.values(ROUTE_NAMESPACES)) {
    for (const route of Object.values(namespace)) {
      const action = (route as { audit?: { action?: unknown } } | null)?.audit?.action;
      if (typeof action === 'string' && action) names.add(action);
    }
  }
  return [...names].sort();
})();

const KNOWN_ACTIONS = new Set(AUDIT_ACTIONS);

/**
 * The modules each action needs, read from the calls that record it (their contract's `access.module`):
 * a call of a module the company lacks is refused, so its action never happens there. An action absent
 * here (a sign-in, a team change, the operator's, the jobs', a hosted page's public call) needs none.
 * An action some call records without a module needs none either, whatever its other calls need.
 */
const ACTION_MODULES: ReadonlyMap<string, ReadonlySet<Module>> = (() => {
  const needs = new Map<string, Set<Module>>();
  const free = new Set<string>();
  for (const namespace of Object.values(ROUTE_NAMESPACES)) {
    for (const route of Object.values(namespace)) {
      const { audit: declared, access } = (route ?? {}) as {
        audit?: { action?: unknown };
        access?: { kind?: unknown; module?: Module };
      };
      if (typeof declared?.action !== 'string' || !declared.action) continue;
      const module = access?.kind === 'session' ? access.module : undefined;
      if (!module) free.add(declared.action);
      else needs.set(declared.action, (needs.get(declared.action) ?? new Set()).add(module));
    }
  }
  for (const action of free) needs.delete(action);
  return needs;
})();

/** Whether an action can happen in a company with these modules: one of its calls' modules is among them. */
export function isActionOfModules(action: string, modules: readonly Module[]): boolean {
  const needed = ACTION_MODULES.get(action);
  return !needed || modules.some((module) => needed.has(module));
}

/** The actions that can happen in a company with these modules (the filter offers no others). */
export function actionsOfModules(modules: readonly Module[]): readonly string[] {
  return AUDIT_ACTIONS.filter((action) => isActionOfModules(action, modules));
}

/** Translates a key, or answers `defaultValue` when the catalogue has no text for it. */
export type Translate = (key: string, options: { defaultValue: string }) => string;

/**
 * An action's name in the reader's language, from its code (the call's name, which the log and its CSV
 * keep); an action the catalogue does not know yet shows its code.
 */
export function actionLabel(t: Translate, action: string) {
  // Only a known code is looked up: an unknown one could name a group of names (`company`), not a name.
  return KNOWN_ACTIONS.has(action) ? t(`audit.actions.${action}`, { defaultValue: action }) : action;
}

/**
 * The action filter's options: each code with its name; a search matches either. With `modules` (the
 * company's), only the actions that can happen there. `current` (the address's action) is always one of
 * them, so a filter the list does not know, or an action of a module the company no longer has, still shows.
 */
export function actionOptions(t: Translate, current = '', modules?: readonly Module[]) {
  const offered = modules ? actionsOfModules(modules) : AUDIT_ACTIONS;
  const actions = current && !offered.includes(current) ? [...offered, current] : offered;
  return actions
    .map((action) => ({ value: action, label: actionLabel(t, action) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The options a search in the action filter keeps: those whose name or code contains each of its words,
 * accents and case ignored ("sesion cerrada" finds "Sesión cerrada", "cliente borr" a client deleted).
 */
export function findActionOptions<O extends { value: string; label: string }>(
  options: readonly O[],
  search: string,
): O[] {
  const words = foldForSearch(search).split(/\s+/).filter(Boolean);
  return options.filter((option) => {
    const label = foldForSearch(option.label);
    const code = option.value.toLowerCase();
    return words.every((word) => label.includes(word) || code.includes(word));
  });
}

function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export const auditHistoryPath = (filter: { client?: string; credential?: string }) =>
  `/audit?${new URLSearchParams(filter as Record<string, string>).toString()}`;
