import { useTranslation } from 'react-i18next';
import { type FeaturePagerProps, Pager, type PagerLabels } from '../../../shared/components/pager';
import { PAGE_SIZES } from '../lib/list-params';

export function ClientPager(props: FeaturePagerProps) {
  const { t } = useTranslation();
  const labels: PagerLabels = {
    range: (range) => t('wealth.clients.range', range),
    pageSize: t('wealth.clients.pageSize'),
    navigation: t('wealth.clients.pagination'),
    control: (control) => t(`wealth.pager.${control}`),
    page: (page) => t('wealth.pager.page', { page }),
  };
  return <Pager {...props} pageSizes={PAGE_SIZES} labels={labels} />;
}
