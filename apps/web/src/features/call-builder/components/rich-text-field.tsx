import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  description?: string;
  error?: string | undefined;
  required?: boolean;
  minHeight?: number;
};

/** An empty editor gives "<p></p>"; store that as an empty string. */
function normalise(html: string): string {
  return html === '<p></p>' ? '' : html;
}

/**
 * Rich text limited to what the server keeps (paragraphs, bold, italic, underline, strike,
 * headings 2-4, lists, quotes, inline code, http/https/mailto links), so what the admin sees is
 * what is saved.
 */
export function RichTextField({ label, value, onChange, description, error, required, minHeight = 140 }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const extensions = useMemo(
    () => [
      StarterKit.configure({
        link: false,
        codeBlock: false,
        horizontalRule: false,
        heading: { levels: [2, 3, 4] },
      }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'], autolink: true }),
    ],
    [],
  );
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(normalise(e.getHTML())),
  });

  // Keep the editor in step when the value is replaced from outside (a reset, a loaded call).
  useEffect(() => {
    if (editor && normalise(editor.getHTML()) !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const labels = {
    boldControlLabel: t('callBuilder.richText.bold'),
    italicControlLabel: t('callBuilder.richText.italic'),
    underlineControlLabel: t('callBuilder.richText.underline'),
    strikeControlLabel: t('callBuilder.richText.strike'),
    h2ControlLabel: t('callBuilder.richText.h2'),
    h3ControlLabel: t('callBuilder.richText.h3'),
    bulletListControlLabel: t('callBuilder.richText.bulletList'),
    orderedListControlLabel: t('callBuilder.richText.orderedList'),
    blockquoteControlLabel: t('callBuilder.richText.blockquote'),
    linkControlLabel: t('callBuilder.richText.link'),
    unlinkControlLabel: t('callBuilder.richText.unlink'),
    clearFormattingControlLabel: t('callBuilder.richText.clearFormatting'),
    undoControlLabel: t('callBuilder.richText.undo'),
    redoControlLabel: t('callBuilder.richText.redo'),
    linkEditorInputLabel: t('callBuilder.richText.linkUrl'),
    linkEditorInputPlaceholder: 'https://example.org',
    linkEditorExternalLink: t('callBuilder.richText.linkExternal'),
    linkEditorInternalLink: t('callBuilder.richText.linkInternal'),
    linkEditorSave: t('callBuilder.richText.linkSave'),
  };

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId, component: 'span' }}
      description={description}
      error={error}
      required={required}
    >
      <RichTextEditor editor={editor} labels={labels} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
