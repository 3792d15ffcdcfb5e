import { type Client, wealth } from '@caudal/contract/routes';
import { IconLinkOff } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { RowAction } from '../../../shared/components/row-action';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useCanCall } from '../../../shared/session/use-can-call';
import { useUnlinkProductMutation } from '../api/client-mutations';
import { useLastDefined } from './use-last-defined';

// The dialog's code (Modal, focus trap) loads when a row first asks for it: the product tabs, and their
// prefetch from the client list, do not need it.
const UnlinkConfirm = lazy(() => import('./unlink-confirm').then((m) => ({ default: m.UnlinkConfirm })));

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
  // Mounted from the first ask on (`shown` stays set), so the dialog's closing transition still plays.
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

  const modal = shown ? (
    <Suspense fallback={null}>
      <UnlinkConfirm
        opened={target !== null}
        productName={shown.name}
        clientName={client.name}
        loading={unlink.isPending}
        onConfirm={confirm}
        onClose={() => setTarget(null)}
      />
    </Suspense>
  ) : null;
  return { ask: setTarget, modal: allowed ? modal : null, allowed };
}

/** The row's icon-only unlink button: named for screen readers, explained by a hint. */
export function UnlinkButton({
  product,
  onClick,
}: {
  product: UnlinkTarget;
  onClick: (product: UnlinkTarget) => void;
}) {
  const { t } = useTranslation();
  return (
    <RowAction
      label={t('wealth.products.unlink', { name: product.name })}
      hint={t('wealth.products.unlinkTooltip')}
      onClick={() => onClick(product)}
    >
      <IconLinkOff size={18} stroke={1.6} aria-hidden />
    </RowAction>
  );
}
