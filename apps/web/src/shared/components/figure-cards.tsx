import { Paper, SimpleGrid, type SimpleGridProps, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormatters } from '../format/use-formatters';

export interface FigureCard {
  key: string;
  label: string;
  icon: ReactNode;
  color: string;
  /** Undefined while loading: a skeleton holds the figure's place. */
  value: number | undefined;
  /** Set as `data-tone` on the card, for a feature's CSS to colour the figure. */
  tone?: string;
}

interface FigureCardsProps {
  /** The list's accessible name. */
  label: string;
  cards: readonly FigureCard[];
  cols: SimpleGridProps['cols'];
  mb: SimpleGridProps['mb'];
  /** The feature's styles: the figure's size and colour live next to the page that shows them. */
  classNames: { card?: string | undefined; value?: string | undefined };
}

/**
 * Counts as a list of labelled figures: each card is a list item named by its label, so screen readers
 * (and tests) read "Blocked: 3".
 */
export function FigureCards({ label, cards, cols, mb, classNames }: FigureCardsProps) {
  const format = useFormatters();
  return (
    <SimpleGrid
      component="ul"
      aria-label={label}
      cols={cols}
      spacing="md"
      mb={mb}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {cards.map((card) => (
        <Paper
          component="li"
          key={card.key}
          withBorder
          radius="md"
          p="md"
          className={classNames.card}
          data-tone={card.tone}
          aria-label={card.label}
        >
          <ThemeIcon variant="light" color={card.color} radius="md" size={36} mb="sm">
            {card.icon}
          </ThemeIcon>
          <Text size="sm" c="dimmed" fw={500}>
            {card.label}
          </Text>
          {card.value === undefined ? (
            <Skeleton height={28} width={48} mt={4} />
          ) : (
            <Text className={classNames.value} mt={2}>
              {format.integer(card.value)}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
