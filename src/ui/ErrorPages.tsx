import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** Unknown routes: a non-fatal 404 with the path (SPEC section 2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return <ErrorScreen status={404} message={t('errors.pageNotFound', { path: pathname })} />;
}

export function ErrorScreen({ status, message }: { status: number; message: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center">
        <Title order={1}>{status}</Title>
        <Text>{message}</Text>
        <Button component="a" href="/">
          {t('errors.goBackHome')}
        </Button>
      </Stack>
    </Center>
  );
}

const CRAWLER = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit/i;

/** Crawlers get no error page, only a log line (SPEC section 2). */
export function isCrawler(userAgent: string = navigator.userAgent): boolean {
  return CRAWLER.test(userAgent);
}
