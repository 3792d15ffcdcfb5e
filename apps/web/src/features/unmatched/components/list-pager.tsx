import { useTranslation } from 'react-i18next';
import { type FeaturePagerProps, Pager, type PagerLabels } from '../../../shared/components/pager';
import { PAGE_SIZES } from '../lib/list-params';

export function ListPager(props: FeaturePagerProps) {
  const { t } = useTranslation();
  const labels: PagerLabels = {
    range: (range) => t('unmatched.pager.range', range),
    pageSize: t('unmatched.pager.pageSize'),
    navigation: t('unmatched.pager.label'),
    control: (control) => t(`unmatched.pager.${control}`),
    page: (page) => t('unmatched.pager.page', { page }),
  };
  return <Pager {...props} pageSizes={PAGE_SIZES} labels={labels} />;
}
