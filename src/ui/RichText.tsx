import { Box, type BoxProps } from '@mantine/core';
import { useMemo } from 'react';
import { createRichTextSanitizer, type RichTextSanitizer } from '../domain/sanitize.ts';

let sanitizer: RichTextSanitizer | undefined;

/** The one way the app shows text that may hold markup: sanitised by the rules of src/domain. */
export function RichText({ html, ...props }: { html: string } & BoxProps) {
  const clean = useMemo(() => {
    // Text without `<` holds no markup (and a page drawn at build time has no window to parse in).
    if (!html.includes('<')) return html;
    sanitizer ??= createRichTextSanitizer(window);
    return sanitizer(html);
  }, [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above
  return <Box {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
