import { Alert, Anchor } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useBrand } from '@/components/brand';
import { sessionHooks } from '@/lib/session-hooks';
import { StandaloneLayout } from '@/components/standalone-layout';
import { LoginForm } from '../components/login-form';
import { loginTarget } from '../continue-url';
import { forgotPasswordPath, PASSWORD_RESET_PARAM } from '../password-reset-paths';
import { AUTH_TEXTS } from '../texts';

/** /login: standalone and public (spec §2, §4 Session). */
export function LoginPage() {
  const brand = useBrand();
  const [params] = useSearchParams();
  const continueUrl = params.get('continue_url');

  // A full page load, not a router navigation: startup must load the new session from scratch.
  const onSuccess = () => sessionHooks().redirect(loginTarget(continueUrl, window.location));

  return (
    <StandaloneLayout title={AUTH_TEXTS.signInTitle(brand.application_name)}>
      {params.has(PASSWORD_RESET_PARAM) && (
        <Alert color="green" variant="light" role="status">
          {AUTH_TEXTS.passwordWasReset}
        </Alert>
      )}
      <LoginForm onSuccess={onSuccess} />
      <Anchor component={Link} to={forgotPasswordPath()} size="sm">
        {AUTH_TEXTS.forgotPassword}
      </Anchor>
    </StandaloneLayout>
  );
}
