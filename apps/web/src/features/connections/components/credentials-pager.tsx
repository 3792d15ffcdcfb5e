import { useTranslation } from 'react-i18next';
import { type FeaturePagerProps, Pager, type PagerLabels } from '../../../shared/components/pager';
import { PAGE_SIZES } from '../../../shared/routing/list-params';

/** The pager of the credentials lists: an institution's, and the consent to-do list. */
export function CredentialsPager(props: FeaturePagerProps) {
  const { t } = useTranslation();
  const labels: PagerLabels = {
    range: (range) => t('connections.detail.list.range', range),
    pageSize: t('connections.detail.list.pageSize'),
    navigation: t('connections.detail.list.pagination'),
    control: (control) => t(`connections.detail.list.pager.${control}`),
    page: (page) => t('connections.detail.list.pager.page', { page }),
  };
  return <Pager {...props} pageSizes={PAGE_SIZES} labels={labels} />;
}
