import { useTranslation } from 'react-i18next';
import { type FeaturePagerProps, Pager, type PagerLabels } from '../../../shared/components/pager';
import { PAGE_SIZES } from '../lib/list-params';

export function StaffPager(props: FeaturePagerProps) {
  const { t } = useTranslation();
  const labels: PagerLabels = {
    range: (range) => t('team.list.range', range),
    pageSize: t('team.list.pageSize'),
    navigation: t('team.list.pagination'),
    control: (control) => t(`team.pager.${control}`),
    page: (page) => t('team.pager.page', { page }),
  };
  return <Pager {...props} pageSizes={PAGE_SIZES} labels={labels} />;
}
