import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { css } from '@codemirror/lang-css';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { RemovalRange } from '../lib/removal-ranges';

export interface CssEditorHandle {
  /** Puts the cursor at `offset`, scrolls it into view and focuses the editor. */
  focusAt(offset: number): void;
}

interface CssEditorProps {
  initialValue: string;
  onChange: (value: string) => void;
  /** Ids of the visible label and help text: the editor is not a native control, so they are wired by ARIA. */
  labelledBy: string;
  describedBy: string;
  /** Removals to mark in the gutter and the text; set when the text is the one the report is about. */
  marks: readonly RemovalRange[] | null;
  markMessage: (range: RemovalRange) => string;
}

const theme = EditorView.theme({
  '&': {
    fontSize: '13px',
    border: '1px solid var(--mantine-color-gray-4)',
    borderRadius: 'var(--mantine-radius-md)',
    background: 'var(--mantine-color-white)',
  },
  '&.cm-focused': { outline: '2px solid var(--mantine-color-brand-6)', outlineOffset: '1px' },
  '.cm-scroller': {
    fontFamily: 'var(--mantine-font-family-monospace)',
    minHeight: '320px',
    maxHeight: '60vh',
  },
  '.cm-gutters': {
    background: 'var(--mantine-color-gray-0)',
    color: 'var(--mantine-color-gray-7)',
    borderRight: '1px solid var(--mantine-color-gray-3)',
  },
});

/**
 * CodeMirror 6 with CSS highlighting and line numbers (this chunk only: the custom CSS route). Tab
 * is left to move focus (keyboard users are never trapped); the sanitiser's removals show as lint marks.
 */
export const CssEditor = forwardRef<CssEditorHandle, CssEditorProps>(function CssEditor(
  { initialValue, onChange, labelledBy, describedBy, marks, markMessage },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once; it owns the text after that.
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initialValue,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          css(),
          lintGutter(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-labelledby': labelledBy,
            'aria-describedby': describedBy,
            spellcheck: 'false',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
          theme,
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const length = editor.state.doc.length;
    const diagnostics: Diagnostic[] = (marks ?? []).map((range) => ({
      from: Math.min(range.from, length),
      to: Math.min(range.to, length),
      severity: 'warning',
      message: markMessage(range),
    }));
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [marks, markMessage]);

  useImperativeHandle(ref, () => ({
    focusAt(offset: number) {
      const editor = view.current;
      if (!editor) return;
      const anchor = Math.min(offset, editor.state.doc.length);
      editor.dispatch({ selection: { anchor }, effects: EditorView.scrollIntoView(anchor, { y: 'center' }) });
      editor.focus();
    },
  }));

  return <div ref={host} />;
});
