import type { applications as es } from '../es/applications';

export const applications: typeof es = {
  list: {
    title: 'Applications',
    subtitle: "Credentials your company's systems use to read its data through the API",
    newApplication: 'New application',
    apiReference: 'API reference',
    apiReferenceHint: 'Opens the API documentation in a new tab',
    /** The reference page's own frame (served by the API around Swagger UI). */
    reference: {
      title: 'Data API reference',
      loading: 'Loading the reference…',
      noscript: 'The API reference needs JavaScript. The description itself is at',
      language: 'Language',
    },
    tableLabel: 'Applications',
    total: 'Applications: {n}',
    columns: {
      name: 'Name',
      clientId: 'Client ID',
      createdAt: 'Created',
      actions: 'Actions',
    },
    copy: 'Copy',
    copied: 'Copied',
    copyClientIdOf: 'Copy the client ID of {name}',
    deleteOf: 'Delete the application {name}',
    emptyTitle: 'No applications yet',
    emptyText:
      'Create an application to get a client ID and a client secret your systems use to request API tokens.',
    loadError: 'The applications could not be loaded',
    retry: 'Retry',
  },
  create: {
    title: 'New application',
    name: 'Name',
    namePlaceholder: 'E.g. Accounting ERP',
    nameHint: 'A name that identifies it; it must be unique in your company',
    submit: 'Create application',
    cancel: 'Cancel',
    created: 'Application “{name}” created',
  },
  secret: {
    title: 'Copy the client secret now',
    warning:
      "This is the only time you will see the client secret of “{name}”. Copy it and keep it somewhere safe: it can't be shown again. If you lose it, rotate the client secret in the application's “Client secret” tab to get a new one.",
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    copyClientId: 'Copy the client ID',
    copySecret: 'Copy the client secret',
    copied: 'Copied to the clipboard',
    copyFailed: "Couldn't copy. Select the text and copy it by hand",
    confirm: "I've copied the secret",
    howTo: 'With these credentials, request a token at {url} (OAuth 2.0, client credentials).',
  },
  remove: {
    title: 'Delete application',
    text: 'Are you sure you want to delete the application “{name}”?',
    consequence: 'Systems using it lose access to the API at once. This cannot be undone.',
    confirm: 'Delete',
    cancel: 'Cancel',
    done: 'Application “{name}” deleted',
    failed: 'The application could not be deleted',
  },
};
