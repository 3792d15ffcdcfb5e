import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../shared/components/hint';
import { useEntityCatalogue } from '../../../shared/session/use-entity-catalogue';
import classes from './wealth.module.css';

interface EntityBadgesProps {
  ids: readonly string[];
  /** In dense tables only the first few show; the rest sit behind a "+N" with their names. */
  max?: number;
}

/** Its own component: only a row without institutions reads the catalogue of texts (a hook per row adds up). */
function NoEntities() {
  const { t } = useTranslation();
  return <span className={classes.noEntities}>{t('wealth.clients.noEntities')}</span>;
}

/**
 * Plain spans with Mantine Badge's classes (colours and size in `.entityBadge`): the client list shows up
 * to three per row, and as Badge components they were a large share of the list's first render.
 */
export function EntityBadges({ ids, max = 3 }: EntityBadgesProps) {
  const { name } = useEntityCatalogue();
  if (ids.length === 0) return <NoEntities />;
  const shown = ids.slice(0, max);
  const hidden = ids.slice(max);
  return (
    <div className={classes.badges}>
      {shown.map((id) => (
        <span key={id} className={`${Badge.classes.root} ${classes.entityBadge}`} data-variant="light">
          <span className={Badge.classes.label}>{name(id)}</span>
        </span>
      ))}
      {hidden.length > 0 ? (
        <Hint label={hidden.map(name).join(', ')}>
          <span
            className={`mantine-focus-auto ${Badge.classes.root} ${classes.entityBadge}`}
            data-variant="outline"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard focus shows the hint with the other names.
            tabIndex={0}
          >
            <span className={Badge.classes.label}>
              +{hidden.length}
              {/* The names the bubble shows, for screen readers (the bubble itself is hidden from them). */}
              <VisuallyHidden>: {hidden.map(name).join(', ')}</VisuallyHidden>
            </span>
          </span>
        </Hint>
      ) : null}
    </div>
  );
}
