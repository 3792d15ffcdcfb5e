import { Stack, Text, Title } from '@mantine/core';

export function FormHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} fz={28} fw={700} c="secondary.9" lts={-0.3}>
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" size="sm" lh={1.55}>
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
