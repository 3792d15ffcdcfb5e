import type { InstitutionState } from '@caudal/contract/routes';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<InstitutionState, string> = { operational: 'teal', degraded: 'yellow', down: 'red' };
/**
 * Text on the palest tint of its colour, each pair at least 4.5:1 at badge size (axe): teal-9 on teal-0
 * is 4.7, red-9 on red-0 5.2; yellow's darkest shade is 3:1 on any tint, so degraded uses a dark amber.
 */
const TEXT: Record<InstitutionState, string> = {
  operational: 'var(--mantine-color-teal-9)',
  degraded: '#7a4a00',
  down: 'var(--mantine-color-red-9)',
};

/** An institution's state (operational, degraded, down) as a light badge with readable text. */
export function InstitutionStateBadge({ state }: { state: InstitutionState }) {
  const { t } = useTranslation();
  const colour = COLOURS[state];
  return (
    <Badge
      variant="light"
      radius="sm"
      color={colour}
      data-state={state}
      styles={{
        root: { color: TEXT[state], background: `var(--mantine-color-${colour}-0)`, flexShrink: 0 },
      }}
    >
      {t(`funnel.health.states.${state}`)}
    </Badge>
  );
}
