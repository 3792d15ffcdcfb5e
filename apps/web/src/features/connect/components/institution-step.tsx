import type { ConnectSession, Entity } from '@caudal/contract';
import {
  Alert,
  Avatar,
  Badge,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CSS_HOOKS, FIELD_HOOKS } from '../../../shared/branding/css-hooks';
import { filterEntities } from '../lib/connect-flow';
import classes from './connect.module.css';
import { StepHeading } from './step-heading';

interface InstitutionStepProps {
  company: string;
  entities: readonly Entity[];
  /** Institutions the company's recent outcomes show as degraded or down (decision 0034). */
  states?: ConnectSession['institution_states'];
  onPick: (entity: Entity) => void;
}

/** Step 1: a search box over a list of buttons, one per institution (filtered here, the list is small). */
export function InstitutionStep({ company, entities, states = [], onPick }: InstitutionStepProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const listId = useId();
  const shown = useMemo(() => filterEntities(entities, search), [entities, search]);
  const stateOf = useMemo(() => new Map(states.map((item) => [item.entity_id, item.state])), [states]);
  const anyDown = states.some((item) => item.state === 'down');
  return (
    <>
      <StepHeading
        title={t('connect.institution.title')}
        subtitle={t('connect.institution.subtitle', { company })}
      />
      {states.length > 0 ? (
        <Alert
          color={anyDown ? 'red' : 'yellow'}
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          mb="md"
          data-testid="institution-health-notice"
        >
          {t(anyDown ? 'connect.institution.downNotice' : 'connect.institution.degradedNotice')}
        </Alert>
      ) : null}
      <TextInput
        label={t('connect.institution.search')}
        placeholder={t('connect.institution.searchPlaceholder')}
        classNames={FIELD_HOOKS}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        aria-controls={listId}
        type="search"
        autoComplete="off"
        mb="md"
      />
      <Paper withBorder radius="md">
        <ScrollArea.Autosize mah={360} type="auto">
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" p="md" role="status">
              {t('connect.institution.nothing', { search: search.trim() })}
            </Text>
          ) : (
            <Stack
              component="ul"
              id={listId}
              aria-label={t('connect.institution.listLabel')}
              gap={0}
              p={4}
              m={0}
            >
              {shown.map((entity) => (
                <li key={entity.id} className={classes.entityItem}>
                  <UnstyledButton
                    className={`${classes.entityButton} ${CSS_HOOKS.institution}`}
                    onClick={() => onPick(entity)}
                    // The state is told as the button's description: its name stays the institution's.
                    aria-describedby={stateOf.has(entity.id) ? `${listId}-${entity.id}-state` : undefined}
                  >
                    <Avatar size={32} radius="md" color="brand" variant="light" aria-hidden>
                      <IconBuildingBank size={18} />
                    </Avatar>
                    <Text fw={500} size="sm" style={{ flex: 1 }}>
                      {entity.name}
                    </Text>
                    <EntityStateBadge id={`${listId}-${entity.id}-state`} state={stateOf.get(entity.id)} />
                    <IconChevronRight size={16} aria-hidden className={classes.entityChevron} />
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Paper>
    </>
  );
}

/** A badge on an institution that is not operational: the visitor is told before choosing it. */
function EntityStateBadge({ id, state }: { id: string; state: 'degraded' | 'down' | undefined }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Badge
      id={id}
      aria-hidden
      variant="light"
      radius="sm"
      color={state === 'down' ? 'red' : 'yellow'}
      // Light red and yellow text is under 4.5:1 at badge size: darker shades keep it readable.
      styles={{
        root: {
          color: `var(--mantine-color-${state === 'down' ? 'red' : 'yellow'}-9)`,
          flexShrink: 0,
        },
      }}
    >
      {t(state === 'down' ? 'connect.institution.stateDown' : 'connect.institution.stateDegraded')}
    </Badge>
  );
}
