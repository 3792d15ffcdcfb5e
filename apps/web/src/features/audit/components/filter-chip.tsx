import { Badge, CloseButton } from '@mantine/core';

/** How much of a long id the chip shows; the whole id is its tooltip. */
const SHOWN_CHARACTERS = 12;

/**
 * A filter the address holds that no field shows (a credential's token, a client the picker cannot
 * list): its name and value, and a button that removes it. Ids and tokens are case-sensitive, so the
 * chip keeps their case (a Badge would upper-case them).
 */
export function FilterChip({
  label,
  value,
  removeLabel,
  onRemove,
}: {
  label: string;
  value: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  const shown = value.length > SHOWN_CHARACTERS ? `${value.slice(0, SHOWN_CHARACTERS)}…` : value;
  return (
    <Badge
      size="lg"
      variant="light"
      tt="none"
      title={value}
      rightSection={
        <CloseButton
          size="xs"
          variant="transparent"
          c="inherit"
          aria-label={removeLabel}
          onClick={onRemove}
        />
      }
    >
      {label}: {shown}
    </Badge>
  );
}
