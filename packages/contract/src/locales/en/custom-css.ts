/** Custom CSS editor (/custom-css). */
export const customCss = {
  subtitle: 'Your own styles for the connect and Link pages your clients see',
  editorLabel: 'Custom CSS',
  editorHelp:
    'Applies to the connect and Link pages. Before it is published, rules that load files (only data: images and fonts are allowed), run code or could read what is typed into forms are removed. 64 KB at most.',
  save: 'Save',
  saved: 'CSS saved',
  savedWithRemovals_one: 'CSS saved. {count} rule that is not allowed was removed',
  savedWithRemovals_other: 'CSS saved. {count} rules that are not allowed were removed',
  loadError: 'The CSS could not be loaded',
  size: '{size} of 64 KB',
  tooLarge: 'The CSS is over 64 KB',
  unsaved: 'Unsaved changes',
  lastSaved: 'Saved on {date}',
  conflictTitle: 'Someone else saved the CSS while you were editing it',
  conflictText: 'Your text is still in the editor. Review it and save again to replace theirs.',
  removedTitle: 'Removed from the public pages',
  removedIntro: 'These parts of the saved CSS are not applied:',
  noneRemoved: 'All of the saved CSS applies to the public pages.',
  removedAt: 'Line {line}, column {column}',
  goToLine: 'Go to line {line}',
  reasons: {
    import: '@import is not allowed: it would load another stylesheet',
    at_rule: 'This at-rule is not allowed',
    url: 'Only data: images and fonts are allowed (any other URL, even on this site, is a request the page would make)',
    expression: 'expression() is not allowed: it runs code',
    binding: '-moz-binding and behavior are not allowed: they run code',
    input_selector:
      'Attribute selectors on form fields or on value are not allowed: they could read what is typed',
    invalid: 'CSS that could not be parsed',
    attribute_selector:
      'Attribute selectors are allowed only on type, dir, lang, role, disabled and a few aria-* and data-* states: others could read or single out what is typed',
    unicode_range: 'unicode-range is not allowed: a font per character would tell which characters are typed',
  },
};
