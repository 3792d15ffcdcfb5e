import type { UnmatchedProduct } from '@caudal/contract';
import { Badge, Group, Tooltip } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ClientSelect } from '../../../shared/clients/client-select';
import type { Assignment, ClientChoice } from '../lib/assignments';

interface ClientAssignSelectProps {
  product: UnmatchedProduct;
  assignment: Assignment | undefined;
  suggested: boolean;
  onChange: (client: ClientChoice | null) => void;
  disabled?: boolean;
}

/** The input shows the name; the options add the alias, which tells namesakes apart. */
const nameOnly = (client: ClientChoice) => client.name;

/**
 * The client of one pending product, searched on the server. The suggested client is always the first
 * option and is marked, so "what the holder matches" stays visible even after choosing another one.
 */
export function ClientAssignSelect({
  product,
  assignment,
  suggested,
  onChange,
  disabled,
}: ClientAssignSelectProps) {
  const { t } = useTranslation();
  const current: ClientChoice | null = assignment
    ? { id: assignment.clientId, name: assignment.clientName, alias: assignment.clientAlias }
    : null;
  const suggestion = product.suggested_client;
  const suggestedBadge = (
    <Badge size="xs" variant="light" color="teal" tt="none" style={{ flexShrink: 0 }}>
      {t('unmatched.assign.suggested')}
    </Badge>
  );

  return (
    <Group gap={6} wrap="nowrap">
      <ClientSelect
        aria-label={t('unmatched.assign.label', { product: product.name })}
        placeholder={t('unmatched.assign.placeholder')}
        nothingFound={t('unmatched.assign.nothing')}
        value={current}
        onChange={onChange}
        suggestion={suggestion}
        optionBadge={(client) => (client.id === suggestion?.id ? suggestedBadge : null)}
        inputLabel={nameOnly}
        // Clicking the client already chosen (the suggestion, say, found again by name) keeps it: by
        // default the Select would clear it, so the row ends with no client after a click on one.
        allowDeselect={false}
        disabled={disabled}
        size="sm"
        w={236}
        maxDropdownHeight={280}
        comboboxProps={{ width: 300, position: 'bottom-start' }}
      />
      {suggested ? (
        <Tooltip label={t('unmatched.assign.suggestedHint')} withArrow openDelay={300}>
          <Badge
            variant="light"
            color="teal"
            size="sm"
            tt="none"
            leftSection={<IconSparkles size={12} aria-hidden />}
            style={{ flexShrink: 0 }}
          >
            {t('unmatched.assign.suggested')}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
