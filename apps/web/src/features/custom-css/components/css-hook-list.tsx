import { Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CSS_HOOKS, type CssHook } from '../../../shared/branding/css-hooks';
import { TableScroll } from '../../../shared/components/table-scroll';

const HOOKS = Object.keys(CSS_HOOKS) as CssHook[];

/**
 * The class names the hosted pages keep from one release to the next: what a company's rules should
 * target (the build's own class names change every release). With an example that works as written.
 */
export function CssHookList() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="css-hooks-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="css-hooks-title">
          {t('customCss.hooks.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('customCss.hooks.intro')}
        </Text>
        <TableScroll minWidth={360}>
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customCss.hooks.className')}</Table.Th>
                <Table.Th>{t('customCss.hooks.part')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {HOOKS.map((hook) => (
                <Table.Tr key={hook}>
                  <Table.Td>
                    <Code>.{CSS_HOOKS[hook]}</Code>
                  </Table.Td>
                  <Table.Td>{t(`customCss.hooks.parts.${hook}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Text size="sm">{t('customCss.hooks.example')}</Text>
        <Code block>{EXAMPLE}</Code>
      </Stack>
    </Paper>
  );
}

const EXAMPLE = `.${CSS_HOOKS.page} { background: #f4f1ea; }
.${CSS_HOOKS.brand} { background: #0b3d2e; }
.${CSS_HOOKS.title} { color: #0b3d2e; }
.${CSS_HOOKS.button} { background: #0b3d2e; border-radius: 999px; }`;
