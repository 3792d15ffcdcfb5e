import { Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconKey, IconLock, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/format/use-formatters';
import type { CredentialCounts } from '../lib/credential-summary';
import classes from './connections.module.css';

interface Card {
  key: keyof CredentialCounts;
  icon: ReactNode;
  color: string;
}

const CARDS: readonly Card[] = [
  { key: 'total', icon: <IconKey size={20} aria-hidden />, color: 'brand' },
  { key: 'blocked', icon: <IconLock size={20} aria-hidden />, color: 'red' },
  { key: 'needsAction', icon: <IconAlertTriangle size={20} aria-hidden />, color: 'orange' },
  { key: 'pendingSca', icon: <IconShieldCheck size={20} aria-hidden />, color: 'yellow' },
];

/**
 * The four counts as a list of labelled figures: each card is a group named by its label, so screen
 * readers (and tests) read "Blocked: 3".
 */
export function StatCards({ counts }: { counts: CredentialCounts | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <SimpleGrid
      component="ul"
      aria-label={t('connections.stats.label')}
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="md"
      mb="lg"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {CARDS.map((card) => {
        const label = t(`connections.stats.${card.key}`);
        const value = counts?.[card.key];
        // Zero blocked is good news: only a non-zero problem count takes the alarming colour.
        const tone = card.key !== 'total' && value ? card.color : undefined;
        return (
          <Paper
            component="li"
            key={card.key}
            withBorder
            radius="md"
            p="md"
            className={classes.statCard}
            data-tone={tone}
            aria-label={label}
          >
            <ThemeIcon variant="light" color={card.color} radius="md" size={36} mb="sm">
              {card.icon}
            </ThemeIcon>
            <Text size="sm" c="dimmed" fw={500}>
              {label}
            </Text>
            {value === undefined ? (
              <Skeleton height={28} width={48} mt={4} />
            ) : (
              <Text className={classes.statValue} mt={2}>
                {format.integer(value)}
              </Text>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
