import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailField {
  label: string;
  value: ReactNode;
}

interface DetailHeaderProps {
  /** What kind of thing this is (Account, Portfolio…), above the title. */
  kind: string;
  title: string;
  subtitle?: ReactNode;
  fields: readonly DetailField[];
  actions?: ReactNode;
}

/** The head of a detail page: kind, the one h1, actions, and the key figures in a grid. */
export function DetailHeader({ kind, title, subtitle, fields, actions }: DetailHeaderProps) {
  return (
    <Paper withBorder radius="md" p="lg" mb="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Badge variant="light" radius="sm" size="sm" w="fit-content">
            {kind}
          </Badge>
          <Title order={1} fz={24} fw={700} c="secondary.9" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {subtitle ? (
            <Text size="sm" c="dimmed" component="div">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {actions ? (
          // Wrapping: three buttons are wider than a phone's card (in Spanish), and none may leave it.
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0, maxWidth: '100%' }}>
            {actions}
          </Group>
        ) : null}
      </Group>
      {fields.length > 0 ? (
        <SimpleGrid
          component="dl"
          cols={{ base: 1, xs: 2, md: Math.min(fields.length, 4) }}
          spacing="lg"
          verticalSpacing="md"
          mt="lg"
          mb={0}
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          {fields.map((field) => (
            <div key={field.label}>
              <Text component="dt" size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
                {field.label}
              </Text>
              <Text component="dd" m={0} mt={4} fw={500} size="sm">
                {field.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      ) : null}
    </Paper>
  );
}
