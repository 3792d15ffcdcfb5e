import type { SummaryCounts } from '@caudal/contract';
import { Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconCircleCheck,
  IconClockHour4,
  IconCloudOff,
  IconKey,
  IconLock,
  IconShieldCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/format/use-formatters';
import classes from './summary.module.css';

type StateKey = keyof SummaryCounts;

const CARDS: readonly { key: StateKey; icon: ReactNode; color: string }[] = [
  { key: 'total', icon: <IconKey size={20} aria-hidden />, color: 'brand' },
  { key: 'blocked', icon: <IconLock size={20} aria-hidden />, color: 'red' },
  { key: 'pending', icon: <IconClockHour4 size={20} aria-hidden />, color: 'blue' },
  { key: 'sca', icon: <IconShieldCheck size={20} aria-hidden />, color: 'yellow' },
  { key: 'down', icon: <IconCloudOff size={20} aria-hidden />, color: 'orange' },
  { key: 'ok', icon: <IconCircleCheck size={20} aria-hidden />, color: 'teal' },
];

/** Credentials by state (spec: Blocked, Pending, SCA), each a labelled figure: "Bloqueadas: 2". */
export function StateCards({ counts }: { counts: SummaryCounts | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <SimpleGrid
      component="ul"
      aria-label={t('summary.states.label')}
      cols={{ base: 2, sm: 3, lg: 6 }}
      spacing="md"
      mb="xl"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {CARDS.map((card) => {
        const label = t(`summary.states.${card.key}`);
        const value = counts?.[card.key];
        return (
          <Paper component="li" key={card.key} withBorder radius="md" p="md" aria-label={label}>
            <ThemeIcon variant="light" color={card.color} radius="md" size={36} mb="sm">
              {card.icon}
            </ThemeIcon>
            <Text size="sm" c="dimmed" fw={500}>
              {label}
            </Text>
            {value === undefined ? (
              <Skeleton height={28} width={48} mt={4} />
            ) : (
              <Text className={classes.stateValue} mt={2}>
                {format.integer(value)}
              </Text>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
