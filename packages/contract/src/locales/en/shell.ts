import type { shell as es } from '../es/shell';

export const shell: typeof es = {
  brand: {
    tagline: "All your clients' financial data, in one place",
    description: 'Connect institutions, consolidate positions and export the information you need, securely.',
    logoAlt: 'Caudal',
  },
  nav: {
    label: 'Main navigation',
    summary: 'Summary',
    clients: 'Clients',
    unmatched: 'Unmatched',
    export: 'Export',
    connections: 'Connections',
    portalUsers: 'Users',
    applications: 'Applications',
    links: 'Links',
    unmatchedBadge: '({count} to assign)',
    customCss: 'Custom CSS',
    team: 'Team',
    audit: 'Audit log',
    auditHistory: 'History',
    openMenu: 'Open navigation',
  },
  language: {
    label: 'Language',
  },
  account: {
    menuLabel: 'Account menu',
    signedInAs: 'Signed in as',
    company: 'Company',
    profile: 'My account',
    logout: 'Sign out',
  },
  footer: {
    copyright: '© 2025 {provider}',
  },
  loading: 'Loading…',
  /** Names of the component library's icon-only controls, and the skip link. */
  controls: {
    close: 'Close',
    togglePassword: 'Show or hide the password',
    skipToContent: 'Skip to content',
  },
  status: {
    backHome: 'Back to home',
    retry: 'Try again',
    reload: 'Reload the page',
    notFoundTitle: 'Page not found',
    forbiddenHint: 'Check the address or go back to the home page.',
    errorTitle: 'Something went wrong',
    configError: 'The portal configuration could not be loaded.',
    loadError: 'Your account data could not be loaded.',
    noModules: 'Your company has no modules enabled. Please contact support.',
    noModulesTitle: 'No sections available',
  },
};
