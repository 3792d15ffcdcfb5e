import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { CSS_HOOKS } from '../../../shared/branding/css-hooks';
import classes from './connect.module.css';

/**
 * Each step opens with its heading, which takes focus so screen readers announce the new step. Its
 * look is in classes, not style props (inline styles): a company's custom CSS can restyle it.
 */
export function StepHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Stack gap={6} mb="lg">
      <Title ref={ref} tabIndex={-1} order={1} className={`${classes.stepTitle} ${CSS_HOOKS.title}`}>
        {title}
      </Title>
      {subtitle ? (
        <Text size="sm" className={`${classes.stepSubtitle} ${CSS_HOOKS.subtitle}`}>
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
