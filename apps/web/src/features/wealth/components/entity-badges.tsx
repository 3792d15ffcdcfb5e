import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
        <Tooltip label={hidden.map(name).join(', ')} multiline maw={280} withArrow>
          <Badge variant="outline" color="gray" radius="sm" size="sm" tt="none" fw={500} tabIndex={0}>
            +{hidden.length}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
