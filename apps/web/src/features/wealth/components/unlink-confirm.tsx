import { useTranslation } from 'react-i18next';
import { ConfirmModal, ConfirmText } from '../../../shared/components/confirm-modal';

interface UnlinkConfirmProps {
  opened: boolean;
  /** The product's and the client's names, kept while the dialog closes. */
  productName: string;
  clientName: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The unlink confirmation's dialog: its own chunk, loaded when a row first asks for it. */
export function UnlinkConfirm({
  opened,
  productName,
  clientName,
  loading,
  onConfirm,
  onClose,
}: UnlinkConfirmProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={opened}
      title={t('wealth.unlink.title')}
      confirmLabel={t('wealth.unlink.confirm')}
      cancelLabel={t('wealth.unlink.cancel')}
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <ConfirmText>{t('wealth.unlink.text', { product: productName, client: clientName })}</ConfirmText>
      <ConfirmText dimmed>{t('wealth.unlink.consequence')}</ConfirmText>
    </ConfirmModal>
  );
}
