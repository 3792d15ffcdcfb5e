import { Badge, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { stripLocale } from '../i18n/locale';
import { useLocalePath } from '../i18n/use-locale';
import {
  AUDIT_NAV_ITEM,
  isNavItemCurrent,
  type NavItem,
  TEAM_NAV_ITEM,
  visibleNavItems,
} from '../routing/paths';
import { isTeamAdmin, useSession } from '../session/session-context';
import { canHandleUnmatched, useUnmatchedCountQuery } from '../unmatched-count/unmatched-count-query';
import classes from './main-layout.module.css';

const UNMATCHED_PATH = '/wealth/unmatched';
type NavLabelKey = ReturnType<typeof visibleNavItems>[number]['labelKey'];

/** Section links, each only with its permission. */
export function MainNav() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { identity } = useSession();
  // The pending queue is staff-only (its calls answer 403 to portal users, which would end the session).
  const unmatched = canHandleUnmatched(identity);
  const counts = useUnmatchedCountQuery(unmatched);
  const items: {
    path: string;
    labelKey: (typeof TEAM_NAV_ITEM)['labelKey'] | (typeof AUDIT_NAV_ITEM)['labelKey'] | NavLabelKey;
    alsoAt?: NavItem['alsoAt'];
  }[] = [
    ...visibleNavItems(identity.permissions).filter((item) => item.path !== UNMATCHED_PATH || unmatched),
    ...(isTeamAdmin(identity) ? [TEAM_NAV_ITEM, AUDIT_NAV_ITEM] : []),
  ];
  const pending = counts.data?.pending ?? 0;
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const sectionPath = stripLocale(pathname);
  // On a phone the links scroll sideways: bring the active one into view (the row only, not the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the page (the active link) changes, and when the pending badge arrives and widens the row.
  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active) return;
    // The browser says after its next layout whether the link is cut off: reading positions here would
    // force that layout in the middle of rendering the page (a long task on a slow phone).
    const observer = new IntersectionObserver(
      ([entry]) => {
        observer.disconnect();
        if (entry && entry.intersectionRatio < 1) centreInRow(nav, active);
      },
      { root: nav, threshold: 1 },
    );
    observer.observe(active);
    return () => observer.disconnect();
  }, [pathname, pending]);
  if (items.length === 0) return null;

  return (
    <nav aria-label={t('shell.nav.label')} className={classes.navRow} ref={navRef}>
      {items.map((item) => {
        // The section's own pages and those it has elsewhere (the quick export): NavLink knew only `to`.
        const current = isNavItemCurrent(item, sectionPath);
        return (
          <Link
            key={item.path}
            to={to(item.path)}
            aria-current={current ? 'page' : undefined}
            className={current ? `${classes.navLink} ${classes.active}` : classes.navLink}
          >
            {t(item.labelKey)}
            {item.path === UNMATCHED_PATH && pending > 0 ? (
              <>
                <Badge size="sm" variant="filled" color="brand" ml={6} aria-hidden>
                  {pending > 999 ? '999+' : pending}
                </Badge>
                <VisuallyHidden> {t('shell.nav.unmatchedBadge', { count: pending })}</VisuallyHidden>
              </>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

function centreInRow(row: HTMLElement, link: HTMLElement): void {
  const left = link.offsetLeft - row.offsetLeft;
  row.scrollLeft = left - (row.clientWidth - link.offsetWidth) / 2;
}
