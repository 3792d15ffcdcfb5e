import type { connect as es } from '../es/connect';

export const connect: typeof es = {
  brandTagline: 'A secure connection with your bank',
  brandDescription:
    '{company} uses this page to access your financial data. Your credentials travel encrypted and are not shared with {company}.',
  brandFallback: 'Secure connection',
  loading: 'Loading…',
  progress: {
    label: 'Connection progress',
    institution: 'Institution',
    credentials: 'Credentials',
    verification: 'Verification',
    current: 'Step {n} of {total}: {step}',
  },
  institution: {
    title: 'Choose your institution',
    subtitle: 'Select the financial institution you want to connect with {company}.',
    search: 'Search institution',
    searchPlaceholder: 'Institution name',
    listLabel: 'Institutions',
    nothing: 'No institution matches “{search}”',
    stateDown: 'Down',
    stateDegraded: 'Degraded',
    downNotice:
      'Institutions marked down are not answering right now: connecting will probably fail. Try again later.',
    degradedNotice: 'Institutions marked degraded fail at times: connecting may be slow or fail.',
  },
  credentials: {
    title: 'Enter your credentials',
    titleReset: 'Update your credentials',
    subtitle: 'Use the username and password you sign in to {entity} online banking with.',
    change: 'Change institution',
    username: 'Username',
    password: 'Password',
    acceptPrefix: 'I accept ',
    terms: 'the terms and conditions',
    and: ' and ',
    privacy: 'the privacy policy',
    accept: 'I accept the terms and conditions and the privacy policy',
    consent: 'I allow {company} to read my data at {entity}, read-only',
    submit: 'Connect',
    submitReset: 'Update credentials',
  },
  sca: {
    title: 'Security check',
    subtitle: '{entity} has sent you a verification code. Enter it to complete the connection.',
    code: 'Verification code',
    submit: 'Verify',
  },
  renew: {
    title: 'Renew your authorisation',
    subtitle:
      '{entity} has sent you a verification code. Enter it to renew the authorisation {company} uses to read your accounts.',
    submit: 'Renew',
  },
  done: {
    title: 'Connection complete',
    text: 'Redirecting you…',
  },
  /** The hosted page an account holder ends on (no staff session to return to). */
  complete: {
    title: 'Connection complete',
    text: 'Your credentials are now connected. You can close this page.',
    textCompany: 'Your credentials are now connected to {company}. You can close this page.',
  },
  sandbox: {
    title: 'Sandbox test credentials',
    text: 'This institution is simulated. Each credential drives a different outcome.',
    outcome: 'Outcome',
    username: 'Username',
    password: 'Password',
    code: 'Code',
    use: 'Use',
    useLabel: 'Use credentials: {outcome}',
    useCode: 'Use code {code}',
    outcomes: {
      success: 'Successful connection',
      sca: 'Asks for SCA',
      invalid_access: 'Invalid access',
      blocked: 'Blocked',
      down: 'Institution down',
    },
  },
  invalid: {
    title: 'Invalid link',
    text: 'This link is not valid, has already been used or has expired.',
    hint: 'Ask whoever sent it to you for a new link.',
  },
  /** Wrong passwords past the caps (per link, per login): the flow stops, for the holder's safety. */
  tooManyTries: {
    title: 'Connection stopped',
    text: 'For your security, we stopped the connection after several wrong passwords, so that your bank does not block your access.',
    reopen: 'Open the link again to try once more.',
    wait_one: 'Open the link again in {count} minute.',
    wait_other: 'Open the link again in {count} minutes.',
    hint: 'If you do not remember your password, recover it on your bank’s website first.',
  },
  error: {
    title: 'The page could not be loaded',
  },
  /** Rendered by the API (hosted-link-page.ts) when the visitor's address spent its Link budget. */
  rateLimited: {
    title: 'Too many attempts',
    text_one: 'We have received too many requests from your network. Try again in {count} minute.',
    text_other: 'We have received too many requests from your network. Try again in {count} minutes.',
  },
  retry: 'Try again',
};
