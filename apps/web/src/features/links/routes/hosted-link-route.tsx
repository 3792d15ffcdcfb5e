import { links } from '@caudal/contract/routes';
import { Anchor, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff, IconPlayerPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { isCallError } from '../../../shared/api/api-error';
import { HostedCustomCss } from '../../../shared/branding/hosted-custom-css';
import { useLocale } from '../../../shared/i18n/use-locale';
import { type SessionBrand, SessionFrame } from '../../../shared/layouts/session-layout';
import { ConnectFlow, LoadFailed, Loading } from '../../connect';
import { useLinkSessionQuery } from '../api/public-link-queries';
import classes from '../components/links.module.css';

/**
 * `/:lang/link/:token`: the public page of a Link. No staff session: the Link's token opens a connect
 * session minted for this visitor, and the hosted connect flow runs on it; at the end the visitor goes
 * to the Link's redirect URI with a one-time code, and the URL's `?state=` (the integrator's) beside it.
 */
export function HostedLinkRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const language = useLocale();
  const query = useLinkSessionQuery(token, language, search.get('state') ?? undefined);
  const data = query.data;
  const company = data?.company_name;
  const brand: SessionBrand = company
    ? {
        name: company,
        tagline: t('links.hosted.tagline'),
        description: t('links.hosted.description', { company }),
      }
    : { name: t('connect.brandFallback'), tagline: t('links.hosted.tagline'), description: '' };

  let body: React.ReactNode;
  if (data) {
    body = (
      <>
        <ConnectFlow session={data.session} token={data.connect_token} />
        <Documents
          company={data.company_name}
          terms={data.terms_and_conditions_url}
          privacy={data.privacy_policy_url}
        />
      </>
    );
  } else if (isCallError(links.startLinkSession, query.error, 'LinkPaused')) {
    body = (
      <Blocked
        icon={<IconPlayerPause size={28} stroke={1.6} aria-hidden />}
        title={t('links.hosted.pausedTitle')}
      >
        {t('links.hosted.pausedText')}
      </Blocked>
    );
  } else if (isCallError(links.startLinkSession, query.error, 'NotFound')) {
    body = (
      <Blocked
        icon={<IconLinkOff size={28} stroke={1.6} aria-hidden />}
        title={t('links.hosted.notFoundTitle')}
      >
        {t('links.hosted.notFoundText')}
      </Blocked>
    );
  } else if (isCallError(links.startLinkSession, query.error, 'ValidationError')) {
    // Only the address can be wrong here (a `state` no URL parameter could be): retrying cannot help.
    body = (
      <Blocked
        icon={<IconLinkOff size={28} stroke={1.6} aria-hidden />}
        title={t('links.hosted.invalidTitle')}
      >
        {t('links.hosted.invalidText')}
      </Blocked>
    );
  } else if (query.isError) {
    body = <LoadFailed error={query.error} onRetry={() => query.refetch()} />;
  } else {
    body = <Loading />;
  }

  return (
    <>
      <HostedCustomCss css={data?.custom_css ?? null} />
      <SessionFrame brand={brand}>{body}</SessionFrame>
    </>
  );
}

function Blocked({ icon, title, children }: { icon: React.ReactNode; title: string; children: string }) {
  return (
    <Stack align="flex-start" gap="md">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Title order={1} fz={26} fw={700} c="secondary.9">
        {title}
      </Title>
      <Text size="md" role="alert">
        {children}
      </Text>
    </Stack>
  );
}

/** The company's documents, always reachable, not only from the consent checkbox. */
function Documents({
  company,
  terms,
  privacy,
}: {
  company: string;
  terms: string | null;
  privacy: string | null;
}) {
  const { t } = useTranslation();
  if (!terms && !privacy) return null;
  return (
    <nav aria-label={t('links.hosted.documents', { company })} className={classes.documents}>
      <Group gap="lg" wrap="wrap">
        {terms ? (
          <Anchor href={terms} target="_blank" rel="noopener noreferrer" size="sm">
            {t('links.hosted.terms')}
          </Anchor>
        ) : null}
        {privacy ? (
          <Anchor href={privacy} target="_blank" rel="noopener noreferrer" size="sm">
            {t('links.hosted.privacy')}
          </Anchor>
        ) : null}
      </Group>
    </nav>
  );
}
