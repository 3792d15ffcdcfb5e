import {
  applications,
  audit,
  connections,
  customCss,
  exports,
  links,
  platform,
  portals,
  summary,
  team,
  unmatched,
  wealth,
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

/** Every action the log can hold: each audited call's, and the session's own. */
export const AUDIT_ACTIONS: readonly string[] = (() => {
  const names = new Set<string>(['login', 'logout']);
  for (const namespace of [
    applications,
    audit,
    connections,
    customCss,
    exports,
    links,
    platform,
    portals,
    summary,
    team,
    unmatched,
    wealth,
  ]) {
    for (const route of Object.values(namespace as Record<string, unknown>)) {
      const action = (route as { audit?: { action?: string } } | null)?.audit?.action;
      if (action) names.add(action);
    }
  }
  return [...names].sort();
})();

/**
 * An action's name in the reader's language, from its code (the call's name, which the log and its CSV
 * keep); an action the catalogue does not know yet shows its code.
 */
export function actionLabel(t: (key: string, options: { defaultValue: string }) => string, action: string) {
  return t(`audit.actions.${action}`, { defaultValue: action });
}

/** The action filter's options: each code with its name; a search matches either. */
export function actionOptions(t: Parameters<typeof actionLabel>[0]) {
  return AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(t, action) })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
}

/** The options a search in the action filter keeps: those whose name or code contains it. */
export function findActionOptions<O extends { value: string; label: string }>(
  options: readonly O[],
  search: string,
): O[] {
  const wanted = search.trim().toLocaleLowerCase();
  return options.filter(
    (option) =>
      option.label.toLocaleLowerCase().includes(wanted) || option.value.toLocaleLowerCase().includes(wanted),
  );
}

export const auditHistoryPath = (filter: { client?: string; credential?: string }) =>
  `/audit?${new URLSearchParams(filter as Record<string, string>).toString()}`;
