import { Text } from '@mantine/core';
import { useEntityCatalogue } from '../../../shared/session/use-entity-catalogue';

/** A product's institution, by name from the catalogue (its id when the catalogue does not know it). */
export function EntityName({ id }: { id: string }) {
  const { name } = useEntityCatalogue();
  return (
    <Text size="sm" span>
      {name(id)}
    </Text>
  );
}
