import { Badge, Button, Group, List, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../shared/components/app-modal';
import { useEntityCatalogue } from '../../../shared/session/use-entity-catalogue';
import { countProducts, type MatchGroup } from '../lib/match-plan';

interface ConfirmAllModalProps {
  opened: boolean;
  groups: readonly MatchGroup[];
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The last look before assigning: every client with the products it gets. */
export function ConfirmAllModal({ opened, groups, loading, onConfirm, onClose }: ConfirmAllModalProps) {
  const { t } = useTranslation();
  const { name: bankName } = useEntityCatalogue();
  return (
    <AppModal
      opened={opened}
      onClose={loading ? () => undefined : onClose}
      title={t('unmatched.confirm.title')}
      centered
      size="lg"
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text size="sm">
          {t('unmatched.confirm.intro', {
            count: countProducts(groups),
            products: t('unmatched.bar.products', { count: countProducts(groups) }),
            clients: t('unmatched.bar.clients', { count: groups.length }),
          })}
        </Text>
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <Stack gap="sm">
            {groups.map((group) => (
              <div key={group.clientId}>
                <Group gap={8} wrap="nowrap">
                  <Text size="sm" fw={700} c="secondary.9">
                    {group.clientName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {group.clientAlias}
                  </Text>
                  <Badge size="sm" variant="light" color="gray" ml="auto">
                    {group.products.length}
                  </Badge>
                </Group>
                <List size="sm" spacing={2} mt={4} withPadding>
                  {group.products.map((product) => (
                    <List.Item key={product.id}>
                      {product.name}{' '}
                      <Text span size="xs" c="dimmed">
                        · {bankName(product.bank)}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Text size="xs" c="dimmed">
          {t('unmatched.confirm.note')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('unmatched.confirm.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={loading} data-autofocus>
            {t('unmatched.confirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
