import type { auth as es } from '../es/auth';

export const auth: typeof es = {
  login: {
    title: 'Sign in',
    subtitle: 'Access the portal with your username and company',
    username: 'Username',
    company: 'Company',
    password: 'Password',
    submit: 'Sign in',
    forgotPassword: 'Forgot your password?',
  },
  oidc: {
    redirecting: 'Redirecting to the identity provider…',
    completing: 'Completing sign-in…',
    failed: 'Sign-in with the identity provider could not be completed.',
    tryAgain: 'Try again',
  },
  forgot: {
    title: 'Reset your password',
    subtitle: 'Enter your email and we will send you a link to create a new password.',
    email: 'Email',
    submit: 'Send link',
    sentTitle: 'Check your email',
    sent: 'If the email belongs to an account, we have sent you a link to reset your password.',
    backToLogin: 'Back to sign in',
  },
  reset: {
    title: 'Create a new password',
    subtitle:
      'It must have at least 8 characters and contain upper case, lower case and a number and/or a symbol.',
    password: 'New password',
    confirmPassword: 'Repeat the password',
    submit: 'Save password',
    success: 'Your password has been updated. You can sign in now.',
    usedLink: 'This link has already been used or has expired. Request a new one.',
    requestNew: 'Request a new link',
    missingToken: 'The link is not valid. Request a new one.',
  },
  logout: {
    signingOut: 'Signing out…',
    successTitle: 'You have signed out',
    successText: 'Your session has been closed. See you soon!',
    signInAgain: 'Sign in again',
  },
  sessionExpired: 'Your session has ended. Please sign in again.',
  sessionIdle: 'Your session was closed after a while without activity. Sign in again to carry on.',
};
