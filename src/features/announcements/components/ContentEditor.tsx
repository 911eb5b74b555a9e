import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const EXTENSIONS = [
  StarterKit.configure({
    heading: false,
    bulletList: false,
    orderedList: false,
    listItem: false,
    listKeymap: false,
    blockquote: false,
    codeBlock: false,
    code: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    // Mantine's own link (below) brings its link editor.
    link: false,
  }),
  Link,
];

/**
 * The announcement's rich content: bold, italic and links only, as those (with line breaks) are
 * all the sanitiser keeps (SPEC section 2); every other block and mark of the starter kit is off,
 * so pasted markup is reduced to them as it arrives. Reports the editor's HTML as typed.
 */
export function ContentEditor({ initial, onChange }: { initial: string; onChange(html: string): void }) {
  const { t } = useTranslation('announcements');
  const labelId = useId();
  const hintId = useId();
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': hintId,
      },
    }),
    [labelId, hintId],
  );
  const editor = useEditor({
    // Made in the first effect, not during render: an editor made during render is destroyed
    // by tiptap if that effect comes later than a millisecond (a busy phone).
    immediatelyRender: false,
    // The same extensions and props on every render: tiptap compares them by identity and
    // otherwise resets the editor's options on each keystroke's render.
    extensions: EXTENSIONS,
    content: initial,
    editorProps,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const labels = useMemo(
    () => ({
      boldControlLabel: t('announcements.editor.bold'),
      italicControlLabel: t('announcements.editor.italic'),
      linkControlLabel: t('announcements.editor.link'),
      unlinkControlLabel: t('announcements.editor.unlink'),
      linkEditorInputLabel: t('announcements.editor.linkAddress'),
      linkEditorInputPlaceholder: 'https://',
      linkEditorSave: t('announcements.editor.linkSave'),
      linkEditorExternalLink: t('announcements.editor.linkNewTab'),
      linkEditorInternalLink: t('announcements.editor.linkSameTab'),
    }),
    [t],
  );

  return (
    <div>
      <Input.Label id={labelId}>{t('announcements.content')}</Input.Label>
      <Input.Description id={hintId} mb={4}>
        {t('announcements.contentHint')}
      </Input.Description>
      <RichTextEditor editor={editor} labels={labels}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
    </div>
  );
}
