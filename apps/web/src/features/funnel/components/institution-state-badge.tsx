import type { InstitutionState } from '@caudal/contract/routes';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<InstitutionState, string> = { operational: 'teal', degraded: 'yellow', down: 'red' };

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
      // Light text is under 4.5:1 at badge size: the darkest shade keeps it readable.
      styles={{ root: { color: `var(--mantine-color-${colour}-9)`, flexShrink: 0 } }}
    >
      {t(`funnel.health.states.${state}`)}
    </Badge>
  );
}
