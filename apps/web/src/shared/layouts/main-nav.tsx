import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLocalePath } from '../i18n/use-locale';
import { visibleNavItems } from '../routing/paths';
import { useSession } from '../session/session-context';
import classes from './main-layout.module.css';

/** Section links, each only with its permission. */
export function MainNav() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { identity } = useSession();
  const items = visibleNavItems(identity.permissions);
  if (items.length === 0) return null;

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
        </NavLink>
      ))}
    </nav>
  );
}
