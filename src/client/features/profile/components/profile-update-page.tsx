import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_FIELDS, ProfileUpdateBody, validate, type UserInfo } from '../../../../shared/index.js';
import { NetworkButton } from '../../../components/button.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { PageHeader } from '../../../components/page-header.js';
import { TextField } from '../../../components/text-field.js';
import { fieldErrorsOf } from '../../../lib/api-failure.js';
import { fieldErrorMap, type FieldErrorMap } from '../../../lib/field-errors.js';
import { useFieldErrorText } from '../../../lib/use-field-error-text.js';
import { updateProfile } from '../api.js';
import { initialProfileValues, type ProfileFormValues } from '../profile-form.js';

interface ProfileUpdatePageProps {
  user: UserInfo;
  /** An administrator viewing a customer may not change it (the server refuses with 2007). */
  readOnly: boolean;
  onSaved: (user: UserInfo) => void;
}

const PASSWORD_AUTOCOMPLETE: Record<(typeof PASSWORD_FIELDS)[number], string> = {
  oldPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

const sameProfileValues = (a: ProfileFormValues, b: ProfileFormValues) =>
  (Object.keys(a) as (keyof ProfileFormValues)[]).every((field) => a[field] === b[field]);

/** /profile/update: name, email and password change in one form (§5). */
export function ProfileUpdatePage({ user, readOnly, onSaved }: ProfileUpdatePageProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ProfileFormValues>(() => initialProfileValues(user));
  const [shownUser, setShownUser] = useState(user);
  // The console may open on the device's kept copy of the user; when the server's fresher answer
  // arrives, a form nobody has touched shows it (an edited one keeps the user's typing).
  if (user !== shownUser) {
    setShownUser(user);
    if (sameProfileValues(values, initialProfileValues(shownUser))) setValues(initialProfileValues(user));
  }
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const errorText = useFieldErrorText(errors);
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      // Password fields start empty again; name and email keep what was saved.
      setValues(initialProfileValues(saved));
      setErrors({});
      onSaved(saved);
      showSnackbar(t('profile.saved'));
    },
    onError: (error) => setErrors(fieldErrorMap(fieldErrorsOf(error))),
  });

  const setField = (field: keyof ProfileFormValues) => (value: string) => setValues((old) => ({ ...old, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(ProfileUpdateBody, values);
    if (!checked.ok) return setErrors(fieldErrorMap(checked.errors));
    setErrors({});
    save.mutate(checked.data);
  };

  const disabled = readOnly || save.isPending;
  return (
    <div className="max-w-xl">
      <PageHeader title={t('routes.profileUpdate')} />
      {readOnly && (
        <p role="note" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('admin.readOnly')}
        </p>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-6">
        <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
          <legend className="px-1 text-sm font-semibold text-slate-800">{t('profile.sectionProfile')}</legend>
          <p className="text-sm text-slate-600">{t('profile.accountIs', { account: user.account })}</p>
          <TextField label={t('fields.name')} name="name" autoComplete="name" value={values.name} onValueChange={setField('name')} error={errorText('name')} disabled={disabled} />
          <TextField label={t('fields.email')} name="email" type="email" autoComplete="email" value={values.email} onValueChange={setField('email')} error={errorText('email')} disabled={disabled} />
        </fieldset>
        <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
          <legend className="px-1 text-sm font-semibold text-slate-800">{t('profile.sectionPassword')}</legend>
          <p className="text-sm text-slate-600">{t('profile.passwordHint')}</p>
          {PASSWORD_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`fields.${field}`)}
              name={field}
              type="password"
              autoComplete={PASSWORD_AUTOCOMPLETE[field]}
              value={values[field]}
              onValueChange={setField(field)}
              error={errorText(field)}
              disabled={disabled}
            />
          ))}
        </fieldset>
        <div>
          <NetworkButton type="submit" disabled={disabled}>
            {save.isPending ? t('profile.saving') : t('profile.save')}
          </NetworkButton>
        </div>
      </form>
    </div>
  );
}
