import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../../shared/components/coming-soon-page';

/**
 * Sections delivered by later issues. Each shows its translated title and "coming soon"; they live in
 * one lazy chunk because they are tiny and will be replaced by their own features.
 */
type PageKey =
  | 'summary'
  | 'clients'
  | 'clientDetail'
  | 'unmatched'
  | 'unmatchedHidden'
  | 'export'
  | 'export2'
  | 'connections'
  | 'connectionDetail'
  | 'applications'
  | 'links'
  | 'linkCallback'
  | 'customCss'
  | 'portalUsers'
  | 'portalUserCreate';

function SectionPlaceholder({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(`pages.${page}.title`)} />;
}

export function SummaryRoute() {
  return <SectionPlaceholder page="summary" />;
}
export function ClientsRoute() {
  return <SectionPlaceholder page="clients" />;
}
export function ClientDetailRoute() {
  return <SectionPlaceholder page="clientDetail" />;
}
export function UnmatchedRoute() {
  return <SectionPlaceholder page="unmatched" />;
}
export function UnmatchedHiddenRoute() {
  return <SectionPlaceholder page="unmatchedHidden" />;
}
export function ExportRoute() {
  return <SectionPlaceholder page="export" />;
}
export function Export2Route() {
  return <SectionPlaceholder page="export2" />;
}
export function ConnectionsRoute() {
  return <SectionPlaceholder page="connections" />;
}
export function ConnectionDetailRoute() {
  return <SectionPlaceholder page="connectionDetail" />;
}
export function ApplicationsRoute() {
  return <SectionPlaceholder page="applications" />;
}
export function LinksRoute() {
  return <SectionPlaceholder page="links" />;
}
export function LinkCallbackRoute() {
  return <SectionPlaceholder page="linkCallback" />;
}
export function CustomCssRoute() {
  return <SectionPlaceholder page="customCss" />;
}
export function PortalUsersRoute() {
  return <SectionPlaceholder page="portalUsers" />;
}
export function PortalUserCreateRoute() {
  return <SectionPlaceholder page="portalUserCreate" />;
}
