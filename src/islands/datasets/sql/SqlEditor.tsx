/**
 * The SQL editor: CodeMirror 6 with its SQL language (highlighting, brackets, history), completion
 * of `t`'s columns and DuckDB's functions, Ctrl+Enter (⌘+Enter) to run, and the place a failed
 * statement's error points at, marked. Part of the console's own chunk, loaded when it opens.
 */
import { useEffect, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { completeFromList } from '@codemirror/autocomplete';
import { PostgreSQL, sql as sqlLanguage } from '@codemirror/lang-sql';
import { Compartment, EditorState, StateEffect, StateField } from '@codemirror/state';
import { Decoration, keymap, type DecorationSet } from '@codemirror/view';
import { SQL_TABLE } from '../../../lib/sql-console.ts';
import type { SqlColumn } from '../../../stores/sql-console.ts';

type Props = {
  label: string;
  describedBy: string;
  value: string;
  columns: SqlColumn[];
  functions: string[];
  /** Where the last error points, as an offset in `value`; null for none. */
  errorAt: number | null;
  onChange: (sql: string) => void;
  onRun: () => void;
};

const markError = StateEffect.define<number | null>();

/** The character the error points at, underlined until the text changes. */
const errorMark = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = tr.docChanged ? Decoration.none : marks;
    for (const effect of tr.effects) {
      if (!effect.is(markError)) continue;
      const at = effect.value;
      const length = tr.state.doc.length;
      next =
        at === null || length === 0
          ? Decoration.none
          : Decoration.set([
              Decoration.mark({ class: 'cm-sql-error' }).range(
                Math.min(at, length - 1),
                Math.min(at, length - 1) + 1,
              ),
            ]);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const theme = EditorView.baseTheme({
  '&': { minHeight: '7rem' },
  '.cm-scroller': { minHeight: '7rem' },
  '.cm-sql-error': {
    textDecoration: 'underline wavy',
    textDecorationColor: 'var(--color-danger)',
    backgroundColor: 'var(--color-danger-50)',
  },
});

/** The language with `t`'s columns and DuckDB's functions to complete. */
function language(columns: SqlColumn[], functions: string[]) {
  const support = sqlLanguage({
    dialect: PostgreSQL,
    upperCaseKeywords: true,
    defaultTable: SQL_TABLE,
    schema: {
      [SQL_TABLE]: columns.map((c) => ({ label: c.name, detail: c.type, type: 'property' })),
    },
  });
  const calls = functions.map((name) => ({ label: name, type: 'function', boost: -1 }));
  return [support, support.language.data.of({ autocomplete: completeFromList(calls) })];
}

export default function SqlEditor(props: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const schema = useRef(new Compartment());
  // The latest handlers, for the editor made once.
  const handlers = useRef(props);
  useEffect(() => {
    handlers.current = props;
  });

  useEffect(() => {
    const run = () => {
      handlers.current.onRun();
      return true;
    };
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: handlers.current.value,
        extensions: [
          keymap.of([{ key: 'Mod-Enter', run }]),
          basicSetup,
          schema.current.of(language([], [])),
          errorMark,
          theme,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-label': handlers.current.label,
            'aria-describedby': handlers.current.describedBy,
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A text set from outside (an example, a saved query) replaces the editor's.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === props.value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: props.value } });
  }, [props.value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: schema.current.reconfigure(language(props.columns, props.functions)),
    });
  }, [props.columns, props.functions]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const at = props.errorAt;
    editor.dispatch({
      effects: markError.of(at),
      ...(at !== null && {
        selection: { anchor: Math.min(at, editor.state.doc.length) },
        scrollIntoView: true,
      }),
    });
  }, [props.errorAt]);

  return <div ref={host} className="sql-editor rounded-md border border-line bg-surface text-sm" />;
}
