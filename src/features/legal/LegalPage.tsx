import { Container, Loader, MantineProvider, Text, Title, Typography } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { termsParagraphs } from '#src/domain/termsInPage.ts';
import { RichText } from '#src/ui/RichText.tsx';
import { fetchTerms, termsInPage } from './utils/terms.ts';

/** /legal/privacy and /legal/{slug}: the content layout, always light, open without signing in. */
export function LegalPage() {
  const { t } = useTranslation('legal');
  // A first visit gets the terms with the page; otherwise they are asked for.
  const [terms, setTerms] = useState(termsInPage);
  const [failed, setFailed] = useState(false);
  const shown = terms !== undefined;
  useEffect(() => {
    if (!shown) fetchTerms().then(setTerms, () => setFailed(true));
  }, [shown]);
  return (
    <MantineProvider forceColorScheme="light">
      <Container component="main" size="sm" py="xl">
        {!terms && !failed && <Loader aria-label={t('privacy.loading')} />}
        {failed && <Text>{t('privacy.unavailable')}</Text>}
        {terms && (
          <>
            <Title order={1}>{terms.title}</Title>
            <Typography>
              {termsParagraphs(terms.content).map((paragraph) => (
                <RichText key={paragraph} html={paragraph} mb="md" />
              ))}
            </Typography>
          </>
        )}
      </Container>
    </MantineProvider>
  );
}
