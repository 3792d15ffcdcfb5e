import type { TotpEnrolment } from '@caudal/contract/routes';
import {
  Alert,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../api/api-error';
import { translateDynamic } from '../../i18n/i18n';
import { RecoveryCodes } from './recovery-codes';

interface TotpEnrolmentStepsProps {
  /** Starts the enrolment: a fresh key (the server keeps it sealed until a first code confirms it). */
  begin: () => Promise<TotpEnrolment>;
  confirm: (code: string) => Promise<{ recovery_codes: string[] }>;
  /** After the user has seen (and said they kept) the recovery codes. */
  onFinished: () => void;
}

/** The key in groups of four, as authenticator apps show it. */
function groupKey(key: string): string {
  return key.match(/.{1,4}/g)?.join(' ') ?? key;
}

/** Scan (or type) the key, confirm with a first code, keep the recovery codes. */
export function TotpEnrolmentSteps({ begin, confirm, onFinished }: TotpEnrolmentStepsProps) {
  const { t } = useTranslation();
  const started = useMutation({ mutationFn: begin });
  const confirmed = useMutation({ mutationFn: confirm });
  const [code, setCode] = useState('');
  // What is wrong with the code as typed, said before it is sent (as the sign-in's code step does).
  const [formatError, setFormatError] = useState<string | null>(null);
  const start = started.mutate;
  useEffect(() => start(), [start]);

  if (confirmed.data) {
    return <RecoveryCodes codes={confirmed.data.recovery_codes} onDone={onFinished} />;
  }
  if (started.isError) {
    return (
      <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{translateDynamic(errorMessageKey(started.error))}</Text>
          <Button size="xs" variant="light" onClick={() => start()}>
            {t('auth.twoFactor.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const enrolment = started.data;
  if (!enrolment) {
    return (
      <Group justify="center" p="xl">
        <Loader size="sm" aria-label={t('auth.twoFactor.preparing')} />
      </Group>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed === '') {
      setFormatError(t('validation.required'));
      return;
    }
    if (!/^\d{6}$/.test(typed.replace(/\s+/g, ''))) {
      setFormatError(t('auth.twoFactor.sixDigits'));
      return;
    }
    setFormatError(null);
    confirmed.mutate(code);
  };
  const failure =
    formatError ?? (confirmed.error ? translateDynamic(errorMessageKey(confirmed.error)) : null);
  return (
    <Stack gap="md">
      <Text size="sm">{t('auth.twoFactor.scan')}</Text>
      <Box bg="white" p={4} style={{ alignSelf: 'center', borderRadius: 8 }}>
        <Image
          src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`}
          alt={t('auth.twoFactor.qrAlt')}
          w={184}
          h={184}
        />
      </Box>
      <Stack gap={4}>
        <Text size="sm">{t('auth.twoFactor.typeKey')}</Text>
        <Group gap="xs" align="center">
          <Code data-testid="totp-key" fz="sm" style={{ wordBreak: 'break-all' }}>
            {groupKey(enrolment.key)}
          </Code>
          <CopyButton value={enrolment.key}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="subtle" onClick={copy}>
                {copied ? t('auth.twoFactor.copied') : t('auth.twoFactor.copyKey')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.twoFactor.firstCode')}
            description={t('auth.twoFactor.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            value={code}
            error={failure}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Button type="submit" loading={confirmed.isPending}>
            {t('auth.twoFactor.confirm')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
