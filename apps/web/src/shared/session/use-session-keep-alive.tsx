import { platform } from '@caudal/contract/routes';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/call-api';
import {
  decideKeepAlive,
  lastSessionCallAt,
  lastUserActionAt,
  noteUserAction,
  warningLeadMs,
} from '../api/session-activity';
import { getRuntimeConfig } from '../config/runtime-config';

const WARNING_ID = 'session-idle-warning';
/** What a user does that says they are there: typing, pressing, clicking (not the mouse passing by). */
const ACTIONS = ['keydown', 'pointerdown', 'input'] as const;

/**
 * The server ends a session after `sessionIdleMinutes` without a call from its user, however busy they
 * are in a form that calls nothing (a session ended mid-form lost what was typed); a screen polling on
 * its own does not count (call-api.ts marks it). While signed in, this notes what the user does, keeps
 * a working user's session with one call (`/platform/me`, which any call would do), warns an absent one
 * shortly before the end, with a button to stay, and once the time is up asks the server, whose answer
 * signs the tab out. The warning reads only calls that counted, so background polls do not put it off.
 */
export function useSessionKeepAlive(): void {
  const { t } = useTranslation();
  useEffect(() => {
    const idleMs = getRuntimeConfig().sessionIdleMinutes * 60_000;
    let warnedFor = -1;
    let checkedFor = -1;
    let isPinging = false;
    const onAction = () => noteUserAction();
    const ping = () => {
      if (isPinging) return;
      isPinging = true;
      notifications.hide(WARNING_ID);
      // The user's own doing (they worked in a form, or chose to stay), however long ago they last acted.
      callApi(platform.me, {}, { activity: 'user' })
        .catch(() => {
          // A failed ping is the next call's business: a session that ended is handled by callApi.
        })
        .finally(() => {
          isPinging = false;
        });
    };
    const tick = () => {
      const lastCallAt = lastSessionCallAt();
      const step = decideKeepAlive({
        now: Date.now(),
        lastCallAt,
        lastActionAt: lastUserActionAt(),
        idleMs,
        isWarned: warnedFor === lastCallAt,
        isChecked: checkedFor === lastCallAt,
      });
      // A call of the user's since the warning (they came back and clicked) put the end off.
      if (warnedFor !== -1 && warnedFor !== lastCallAt) {
        warnedFor = -1;
        notifications.hide(WARNING_ID);
      }
      if (step === 'ping') ping();
      if (step === 'check') {
        checkedFor = lastCallAt;
        // No sign of presence: an ended session answers SessionExpired and callApi signs the tab out.
        callApi(platform.me, {}, { activity: 'background' }).catch(() => {});
      }
      if (step === 'warn') {
        warnedFor = lastCallAt;
        notifications.show({
          id: WARNING_ID,
          color: 'yellow',
          autoClose: false,
          withCloseButton: true,
          title: t('shell.sessionIdle.title'),
          message: (
            <>
              {leadText(t, warningLeadMs(idleMs))}{' '}
              <Button size="compact-xs" variant="light" onClick={ping}>
                {t('shell.sessionIdle.stay')}
              </Button>
            </>
          ),
        });
      }
    };
    for (const action of ACTIONS)
      document.addEventListener(action, onAction, { capture: true, passive: true });
    const timer = window.setInterval(tick, Math.min(15_000, idleMs / 8));
    return () => {
      window.clearInterval(timer);
      for (const action of ACTIONS) document.removeEventListener(action, onAction, { capture: true });
      notifications.hide(WARNING_ID);
    };
  }, [t]);
}

function leadText(t: TFunction, leadMs: number): string {
  const seconds = Math.round(leadMs / 1000);
  return seconds >= 60
    ? t('shell.sessionIdle.inMinutes', { minutes: Math.round(seconds / 60) })
    : t('shell.sessionIdle.inSeconds', { seconds });
}
