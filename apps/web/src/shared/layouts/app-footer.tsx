import { Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COPYRIGHT_YEAR } from '../config/copyright';
import { getRuntimeConfig } from '../config/runtime-config';
import classes from './main-layout.module.css';

/** 62 px high (spec section 9): the spec's copyright line (2025) with the provider's name. */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="xl" w="100%">
        <Text size="sm" c="dimmed">
          {t('shell.footer.copyright', {
            provider: getRuntimeConfig().providerName,
            year: COPYRIGHT_YEAR,
          })}
        </Text>
      </Container>
    </footer>
  );
}
