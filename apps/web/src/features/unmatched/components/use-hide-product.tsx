import { type UnmatchedProduct, unmatched } from '@caudal/contract/routes';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { callApi } from '../../../shared/api/call-api';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { unmatchedKeys } from '../api/unmatched-keys';
import { useHideMutation } from '../api/unmatched-mutations';

const UNDO_MS = 8000;

/**
 * Hiding is reversible, so it asks nothing: it hides at once and offers "Undo" in the toast. The undo
 * runs outside the row (the row is gone by then), straight through the query client.
 */
export function useHideProduct(onHidden: (productId: string) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hide = useHideMutation();

  const undo = useCallback(
    async (product: UnmatchedProduct, toastId: string) => {
      notifications.hide(toastId);
      try {
        await callApi(unmatched.unmatchedUnhide, { holder_product_id: product.holder_product_id });
        notifySuccess(t('unmatched.hide.undone', { product: product.name }));
      } catch (error) {
        notifyFailure(t('unmatched.hide.undoFailed'), translateDynamic(errorMessageKey(error)));
      } finally {
        void queryClient.invalidateQueries({ queryKey: unmatchedKeys.all });
      }
    },
    [t, queryClient],
  );

  const mutate = hide.mutate;
  return useCallback(
    (product: UnmatchedProduct) => {
      mutate(product.holder_product_id, {
        onSuccess: () => {
          onHidden(product.holder_product_id);
          const toastId = `unmatched-hide-${product.holder_product_id}`;
          notifications.show({
            id: toastId,
            color: 'secondary',
            autoClose: UNDO_MS,
            message: (
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <Text size="sm">{t('unmatched.hide.done', { product: product.name })}</Text>
                <Button size="compact-sm" variant="light" onClick={() => void undo(product, toastId)}>
                  {t('unmatched.hide.undo')}
                </Button>
              </Group>
            ),
          });
        },
        onError: (error) =>
          notifyFailure(t('unmatched.hide.failed'), translateDynamic(errorMessageKey(error))),
      });
    },
    [mutate, onHidden, t, undo],
  );
}
