import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

/** Each step opens with its heading, which takes focus so screen readers announce the new step. */
export function StepHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Stack gap={6} mb="lg">
      <Title ref={ref} tabIndex={-1} order={1} fz={26} fw={700} c="secondary.9" style={{ outline: 'none' }}>
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
