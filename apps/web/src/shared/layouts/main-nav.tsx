import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLocalePath } from '../i18n/use-locale';
import { visibleNavItems } from '../routing/paths';
import { useSession } from '../session/session-context';
import { canHandleUnmatched, useUnmatchedCountQuery } from '../unmatched-count/unmatched-count-query';
import classes from './main-layout.module.css';

const UNMATCHED_PATH = '/wealth/unmatched';

/** Section links, each only with its permission. */
export function MainNav() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { identity } = useSession();
  // The pending queue is staff-only (its calls answer 403 to portal users, which would end the session).
  const unmatched = canHandleUnmatched(identity);
  const counts = useUnmatchedCountQuery(unmatched);
  const items = visibleNavItems(identity.permissions).filter(
    (item) => item.path !== UNMATCHED_PATH || unmatched,
  );
  if (items.length === 0) return null;
  const pending = counts.data?.pending ?? 0;

  return (
    <nav aria-label={t('shell.nav.label')} className={classes.navRow}>
      {items.map((item) => (
        <NavLink
          key={item.path}
          to={to(item.path)}
          // NavLink also sets aria-current="page" on the active link.
          className={({ isActive }) => (isActive ? `${classes.navLink} ${classes.active}` : classes.navLink)}
        >
          {t(item.labelKey)}
          {item.path === UNMATCHED_PATH && pending > 0 ? (
            <>
              <Badge size="sm" variant="filled" color="brand" ml={6} aria-hidden>
                {pending > 999 ? '999+' : pending}
              </Badge>
              <VisuallyHidden> {t('unmatched.nav.badge', { count: pending })}</VisuallyHidden>
            </>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}
