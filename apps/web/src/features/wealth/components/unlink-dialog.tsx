import { type Client, wealth } from '@caudal/contract/routes';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { ConfirmModal, ConfirmText } from '../../../shared/components/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useCanCall } from '../../../shared/session/use-can-call';
import { useUnlinkProductMutation } from '../api/client-mutations';
import { useLastDefined } from './use-last-defined';

export interface UnlinkTarget {
  id: string;
  name: string;
}

/**
 * One confirmation per product table: rows ask for it with `ask(product)`. `allowed` says whether the
 * user may unlink at all (a staff-only call): without it the table shows no unlink column.
 */
export function useUnlinkDialog(client: Client) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<UnlinkTarget | null>(null);
  const shown = useLastDefined(target);
  const unlink = useUnlinkProductMutation(client.id);
  const allowed = useCanCall(wealth.clientUnmatchProduct);

  const confirm = () => {
    if (!target) return;
    unlink.mutate(target.id, {
      onSuccess: () => {
        notifySuccess(t('wealth.unlink.done', { product: target.name }));
        setTarget(null);
      },
      onError: (error) => notifyFailure(t('wealth.unlink.failed'), translateDynamic(errorMessageKey(error))),
    });
  };

  const modal = (
    <ConfirmModal
      opened={target !== null}
      title={t('wealth.unlink.title')}
      confirmLabel={t('wealth.unlink.confirm')}
      cancelLabel={t('wealth.unlink.cancel')}
      loading={unlink.isPending}
      onConfirm={confirm}
      onClose={() => setTarget(null)}
    >
      <ConfirmText>
        {t('wealth.unlink.text', { product: shown?.name ?? '', client: client.name })}
      </ConfirmText>
      <ConfirmText dimmed>{t('wealth.unlink.consequence')}</ConfirmText>
    </ConfirmModal>
  );

  return { ask: setTarget, modal: allowed ? modal : null, allowed };
}

/** The row's icon-only unlink button: named for screen readers, explained by a tooltip. */
export function UnlinkButton({
  product,
  onClick,
}: {
  product: UnlinkTarget;
  onClick: (product: UnlinkTarget) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('wealth.products.unlinkTooltip')} withArrow openDelay={300}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('wealth.products.unlink', { name: product.name })}
        onClick={() => onClick(product)}
      >
        <IconLinkOff size={18} stroke={1.6} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
