import { useTranslation } from 'react-i18next';
import { type FeaturePagerProps, Pager, type PagerLabels } from '../../../shared/components/pager';
import { PAGE_SIZES } from '../lib/list-params';

export function PortalPager(props: FeaturePagerProps) {
  const { t } = useTranslation();
  const labels: PagerLabels = {
    range: (range) => t('portals.list.range', range),
    pageSize: t('portals.list.pageSize'),
    navigation: t('portals.list.pagination'),
    control: (control) => t(`portals.pager.${control}`),
    page: (page) => t('portals.pager.page', { page }),
  };
  return <Pager {...props} pageSizes={PAGE_SIZES} labels={labels} />;
}
