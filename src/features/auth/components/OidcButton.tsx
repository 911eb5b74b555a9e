import { Button, Divider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { oidcStartAddress } from '../utils/signInParams.ts';

/** "Sign in with {label}": a plain link to the server's `/auth/oidc`, which goes to the provider. */
export function OidcButton({ label, returnTo }: { label: string; returnTo: string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider label={t('signInOptions.or')} labelPosition="center" />
      <Button component="a" href={oidcStartAddress(returnTo)} variant="default">
        {t('signInOptions.signInWith', { label })}
      </Button>
    </>
  );
}
