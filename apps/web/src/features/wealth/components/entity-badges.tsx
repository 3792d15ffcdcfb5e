import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../shared/components/hint';
import { useEntityCatalogue } from './use-entity-names';

interface EntityBadgesProps {
  ids: readonly string[];
  /** In dense tables only the first few show; the rest sit behind a "+N" with their names. */
  max?: number;
}

export function EntityBadges({ ids, max = 3 }: EntityBadgesProps) {
  const { t } = useTranslation();
  const { name } = useEntityCatalogue();
  if (ids.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('wealth.clients.noEntities')}
      </Text>
    );
  }
  const shown = ids.slice(0, max);
  const hidden = ids.slice(max);
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((id) => (
        <Badge key={id} variant="light" color="secondary" radius="sm" size="sm" tt="none" fw={500}>
          {name(id)}
        </Badge>
      ))}
      {hidden.length > 0 ? (
        <Hint label={hidden.map(name).join(', ')}>
          <Badge variant="outline" color="gray" radius="sm" size="sm" tt="none" fw={500} tabIndex={0}>
            +{hidden.length}
            {/* The names the bubble shows, for screen readers (the bubble itself is hidden from them). */}
            <VisuallyHidden>: {hidden.map(name).join(', ')}</VisuallyHidden>
          </Badge>
        </Hint>
      ) : null}
    </Group>
  );
}
