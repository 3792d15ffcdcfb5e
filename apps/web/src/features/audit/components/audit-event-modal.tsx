import type { AuditEvent } from '@caudal/contract/routes';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../shared/components/app-modal';
import { actorWithKind, changeValueText, fieldLabel } from '../lib/audit-changes';
import { actionLabel } from '../lib/audit-filters';
import { auditTargets } from '../lib/audit-targets';

/** Everything one event holds: who, what, on what, from where, and the recorded fields before and after. */
export function AuditEventModal({
  event,
  when,
  onClose,
}: {
  event: AuditEvent | null;
  when: (iso: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = event
    ? [
        [t('audit.details.when'), when(event.occurred_at)],
        [t('audit.details.kind'), t(`audit.kinds.${event.kind}`)],
        [t('audit.details.actor'), actorText(t, event.actor)],
        [t('audit.details.action'), `${actionLabel(t, event.action)} (${event.action})`],
        [
          t('audit.details.targets'),
          auditTargets(event)
            .map(({ kind, id, name }) => `${t(`audit.targets.${kind}`)}: ${name ? `${name} (${id})` : id}`)
            .join(' · ') || '—',
        ],
        [t('audit.details.ip'), event.ip ?? '—'],
        [t('audit.details.userAgent'), event.user_agent ?? '—'],
        [t('audit.details.requestId'), event.request_id ?? '—'],
      ]
    : [];
  const changes = event ? Object.entries(event.changes) : [];
  return (
    <AppModal opened={event !== null} onClose={onClose} title={t('audit.details.title')} size="lg">
      <Stack gap="md">
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={150}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fw={600}>{t('audit.details.changes')}</Text>
        {changes.length === 0 ? (
          <Text c="dimmed">{t('audit.details.noChanges')}</Text>
        ) : (
          <Table withTableBorder layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.details.field')}</Table.Th>
                <Table.Th>{t('audit.details.old')}</Table.Th>
                <Table.Th>{t('audit.details.new')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map(([field, change]) => (
                <Table.Tr key={field}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{fieldLabel(t, field)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {changeValueText(t, field, change.old)}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {changeValueText(t, field, change.new)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('audit.details.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function actorText(t: Parameters<typeof actorWithKind>[0], actor: AuditEvent['actor']): string {
  const { name, kind } = actorWithKind(t, actor);
  return kind ? `${name} (${kind})` : name;
}
