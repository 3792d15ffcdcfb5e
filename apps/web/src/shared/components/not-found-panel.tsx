import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLocalePath } from '../i18n/use-locale';
import { StatusPage } from './status-page';

interface NotFoundPanelProps {
  title: string;
  text: string;
  backLabel: string;
  backPath: string;
}

/** A client, product or application that does not exist (404): say so and offer the way back up. */
export function NotFoundPanel({ title, text, backLabel, backPath }: NotFoundPanelProps) {
  const to = useLocalePath();
  return (
    <StatusPage
      kind="not-found"
      title={title}
      message={text}
      actions={
        <Button
          component={Link}
          to={to(backPath)}
          variant="light"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {backLabel}
        </Button>
      }
    />
  );
}
