import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import { dismissErrorNotifications } from '../../../components/notification-store.js';
import { TextField } from '../../../components/text-field.js';
import { fieldErrorsOf } from '../../../lib/api-failure.js';
import { fieldErrorMap, type FieldErrorMap } from '../../../lib/field-errors.js';
import { isUnreachableError } from '../../../lib/offline/connection.js';
import { startSession } from '../../../lib/session-storage.js';
import { useFieldErrorText } from '../../../lib/use-field-error-text.js';
import { login } from '../api.js';
import { AuthCard } from './auth-card.js';

/** /login. Once the token is stored, the guest guard moves on to the redirect target. */
export function LoginPage() {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const errorText = useFieldErrorText(errors);
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: ({ token }) => {
      // The refusals of earlier tries must not follow the user onto the first screen.
      dismissErrorNotifications();
      startSession(token);
    },
    onError: (error) => setErrors(fieldErrorMap(fieldErrorsOf(error))),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) load on the first sign-in, not with the first screen.
    const { LoginBody, validate } = await import('../login-check.js');
    const checked = validate(LoginBody, { account: account.trim(), password });
    if (!checked.ok) return setErrors(fieldErrorMap(checked.errors));
    setErrors({});
    signIn.mutate(checked.data);
  };

  return (
    <AuthCard title={t('login.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('fields.account')}
          name="account"
          autoComplete="username"
          autoCapitalize="none"
          value={account}
          onValueChange={setAccount}
          error={errorText('account')}
        />
        <TextField
          label={t('fields.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={errorText('password')}
        />
        {signIn.isError && isUnreachableError(signIn.error) && (
          <p role="alert" className="text-sm text-status-error">
            {t('login.unreachable')}
          </p>
        )}
        <Button type="submit" disabled={signIn.isPending} className="mt-2 w-full">
          {signIn.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
