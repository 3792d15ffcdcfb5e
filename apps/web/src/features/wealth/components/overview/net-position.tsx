import type { NetPosition } from '@caudal/contract/routes';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../shared/format/use-formatters';
import { Money } from '../money';

/** One card per currency: the net position large, and what it is made of (as the product tabs sum it). */
export function NetPositionCards({ positions }: { positions: readonly NetPosition[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(positions.length, 3) }} spacing="sm">
      {positions.map((position) => (
        <Paper
          key={position.currency}
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={t('wealthOverview.net.cardLabel', { currency: position.currency })}
        >
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('wealthOverview.net.title')} · {position.currency}
          </Text>
          <Text
            fz={26}
            fw={700}
            c={position.net < 0 ? 'red.9' : undefined}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            data-testid={`net-${position.currency}`}
          >
            {format.money(position.net, position.currency)}
          </Text>
          <Stack gap={2} mt="xs">
            {(['accounts', 'portfolios', 'liabilities'] as const).map((part) => (
              <Group key={part} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {part === 'liabilities' ? '− ' : '+ '}
                  {t(`wealthOverview.net.${part}`)}
                </Text>
                <Money value={position[part]} currency={position.currency} />
              </Group>
            ))}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
