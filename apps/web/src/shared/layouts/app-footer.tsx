import { Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '../config/runtime-config';
import classes from './main-layout.module.css';

/** 62 px high (spec section 9): the copyright line, this year's, with the provider's name. */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="xl" w="100%">
        <Text size="sm" c="dimmed">
          {t('shell.footer.copyright', {
            provider: getRuntimeConfig().providerName,
            year: new Date().getFullYear(),
          })}
        </Text>
      </Container>
    </footer>
  );
}
