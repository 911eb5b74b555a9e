import { Container, Loader, MantineProvider, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { legalSlugOf } from '#src/domain/legalDocuments.ts';
import { termsParagraphs } from '#src/domain/termsInPage.ts';
import { NotFoundPage } from '#src/ui/ErrorPages.tsx';
import { RichText } from '#src/ui/RichText.tsx';
import { useLegalDocument } from './hooks/useLegalDocument.ts';

/**
 * /legal/{slug} (terms, privacy, any document the org published): the content layout, always
 * light, open without signing in; the app's 404 page when no document of that name exists.
 */
export function LegalPage() {
  const { t } = useTranslation('legal');
  const view = useLegalDocument(legalSlugOf(useLocation().pathname));
  return (
    <MantineProvider forceColorScheme="light">
      {view.state === 'missing' ? (
        <main>
          <NotFoundPage />
        </main>
      ) : (
        <Container component="main" size="sm" py="xl">
          {view.state === 'loading' && <Loader aria-label={t('page.loading')} />}
          {view.state === 'unavailable' && <Text>{t('page.unavailable')}</Text>}
          {view.state === 'shown' && (
            <>
              <Title order={1}>{view.document.title}</Title>
              <Typography>
                {termsParagraphs(view.document.content).map((paragraph) => (
                  <RichText key={paragraph} html={paragraph} mb="md" />
                ))}
              </Typography>
            </>
          )}
        </Container>
      )}
    </MantineProvider>
  );
}
