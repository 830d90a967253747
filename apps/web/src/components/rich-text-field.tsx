import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Italic from '@tiptap/extension-italic';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import Underline from '@tiptap/extension-underline';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useId } from 'react';
import { useTranslation } from '../lib/i18n';
import './forms.css';

/** The three marks of doc 1 §3, each with its toolbar glyph. */
const MARKS = [
  { mark: 'bold', glyph: 'B' },
  { mark: 'italic', glyph: 'I' },
  { mark: 'underline', glyph: 'U' },
] as const;

/** Props of `RichTextField`. */
export interface RichTextFieldProps {
  label: string;
  /** The text as HTML ('' when empty). */
  value: string;
  onValueChange: (html: string) => void;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
}

/**
 * A labelled rich text field (tenant payoff and description): paragraphs and line breaks with
 * bold, italic and underline only, as the server keeps them. Its value is HTML, '' when empty.
 */
export function RichTextField({
  label,
  value,
  onValueChange,
  hint,
  error,
  disabled = false,
}: RichTextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const editor = useEditor(
    {
      extensions: [Document, Paragraph, Text, HardBreak, Bold, Italic, Underline],
      content: value,
      editable: !disabled,
      editorProps: {
        attributes: {
          class: 'input rich-text-field__content',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': `${id}-label`,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
        },
      },
      onUpdate: ({ editor: changed }) => onValueChange(changed.isEmpty ? '' : changed.getHTML()),
    },
    [disabled, describedBy],
  );
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
    }),
  });

  return (
    <div className="form-field form-field--wide rich-text-field">
      <span id={`${id}-label`} className="form-field__label">
        {label}
      </span>
      <div
        className="rich-text-field__toolbar"
        role="toolbar"
        aria-label={t('superadmin.tenantForm.richText.toolbar')}
      >
        {MARKS.map(({ mark, glyph }) => (
          <button
            key={mark}
            type="button"
            className={`rich-text-field__button rich-text-field__button--${mark}`}
            aria-label={t(`superadmin.tenantForm.richText.${mark}`)}
            aria-pressed={active[mark]}
            disabled={disabled}
            // A click keeps the focus (and the selection) in the text being written.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editor.chain().focus().toggleMark(mark).run()}
          >
            <span aria-hidden="true">{glyph}</span>
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
      {hint ? (
        <div id={`${id}-hint`} className="form-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
