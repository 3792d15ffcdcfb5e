import { auth } from '@caudal/contract/routes';
import { Anchor, Group } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/call-api';
import { FormHeader } from '../../../shared/components/form-header';
import { TotpEnrolmentSteps } from '../../../shared/components/two-factor/totp-enrolment';

/** The company requires two-factor and this user has none: enrol now, then the first token. */
export function EnrolStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (accessToken: string) => void;
  onRestart: (reason: string | null) => void;
}) {
  const { t } = useTranslation();
  const token = useRef<string | null>(null);
  // Once the first code is confirmed, two-step verification is on and the session exists: going back to
  // the password would leave it behind while the recovery codes are still on screen.
  const [isEnrolled, setEnrolled] = useState(false);
  return (
    <>
      <FormHeader title={t('auth.twoFactor.enrolTitle')} subtitle={t('auth.twoFactor.enrolRequired')} />
      <TotpEnrolmentSteps
        begin={() => callApi(auth.beginSignInEnrolment, { challenge })}
        confirm={async (code) => {
          const answer = await callApi(auth.confirmSignInEnrolment, { challenge, code });
          token.current = answer.access_token;
          setEnrolled(true);
          return answer;
        }}
        onFinished={() => {
          if (token.current) onSignedIn(token.current);
        }}
      />
      {isEnrolled ? null : (
        <Group justify="flex-end" mt="md">
          <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
            {t('auth.twoFactor.back')}
          </Anchor>
        </Group>
      )}
    </>
  );
}
