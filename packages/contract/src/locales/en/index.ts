import type { es } from '../es';
import { applications } from './applications';
import { audit } from './audit';
import { auth } from './auth';
import { connect } from './connect';
import { connections } from './connections';
import { customCss } from './custom-css';
import { errors } from './errors';
import { exportTexts } from './exports';
import { funnel } from './funnel';
import { links } from './links';
import { pages } from './pages';
import { portals } from './portals';
import { shell } from './shell';
import { summary } from './summary';
import { team } from './team';
import { unmatched } from './unmatched';
import { validation } from './validation';
import { wealth } from './wealth';
import { wealthCodes } from './wealth-codes';
import { wealthOverview } from './wealth-overview';
import { webhooks } from './webhooks';

export const en: typeof es = {
  errors,
  validation,
  shell,
  auth,
  pages,
  wealth,
  wealthCodes,
  wealthOverview,
  connections,
  connect,
  unmatched,
  summary,
  customCss,
  portals,
  links,
  applications,
  exports: exportTexts,
  team,
  audit,
  funnel,
  webhooks,
};
