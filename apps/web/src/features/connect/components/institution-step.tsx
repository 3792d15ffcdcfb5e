import type { Entity } from '@caudal/contract';
import { Avatar, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconBuildingBank, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterEntities } from '../lib/connect-flow';
import classes from './connect.module.css';
import { StepHeading } from './step-heading';

interface InstitutionStepProps {
  company: string;
  entities: readonly Entity[];
  onPick: (entity: Entity) => void;
}

/** Step 1: a search box over a list of buttons, one per institution (filtered here, the list is small). */
export function InstitutionStep({ company, entities, onPick }: InstitutionStepProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const listId = useId();
  const shown = useMemo(() => filterEntities(entities, search), [entities, search]);
  return (
    <>
      <StepHeading
        title={t('connect.institution.title')}
        subtitle={t('connect.institution.subtitle', { company })}
      />
      <TextInput
        label={t('connect.institution.search')}
        placeholder={t('connect.institution.searchPlaceholder')}
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
                  <UnstyledButton className={classes.entityButton} onClick={() => onPick(entity)}>
                    <Avatar size={32} radius="md" color="brand" variant="light" aria-hidden>
                      <IconBuildingBank size={18} />
                    </Avatar>
                    <Text fw={500} size="sm" style={{ flex: 1 }}>
                      {entity.name}
                    </Text>
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
