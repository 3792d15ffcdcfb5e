import type { validation as es } from '../es/validation';

export const validation: typeof es = {
  required: 'This field is required',
  invalid: 'The value is not valid',
  blank: 'This field cannot be blank',
  email: 'The email is not valid',
  url: 'The URL is not valid',
  invalidCharacter: 'Invalid character {character}',
  maxLength: 'Too long. It can have at most {n} characters',
  minLength: 'Too short. It must have at least {n} characters',
  password:
    'The password must have at least 8 characters and contain upper case, lower case and a number and/or a symbol',
  passwordsMatch: 'Passwords do not match',
  permissionRequired: 'Choose at least one section they can use',
  dateOrder: 'Date from must be less than or equal to date to',
  exportClients: 'Choose at least one client',
  exportEntities: 'The chosen clients need institutions: choose at least one',
  exportColumns: 'Choose at least one column',
  exportTooManyClients: 'The search covers more than {n} clients: narrow it to export them',
  /** How {character} reads in invalidCharacter: quoted, and named when it cannot be seen. */
  character: {
    quoted: '“{character}”',
    space: 'space',
    nbsp: 'non-breaking space',
    tab: 'tab',
    lineBreak: 'line break',
    invisible: 'invisible character {code}',
  },
};
