import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

interface NewPasswordFieldsProps<Values> {
  /** The form holding both fields (checked by the contract's rules, `zPasswordPair` or the like). */
  form: UseFormReturnType<Values>;
  /** The fields' names in that form. */
  names: { password: keyof Values & string; confirm: keyof Values & string };
  labels: { password: string; confirm: string; hint?: string };
  size?: PasswordInputProps['size'];
  maxLength?: number;
}

/**
 * A new password typed twice, as every screen that sets one asks it (reset link, invitation, change my
 * password): the browser's password manager offers a strong one (`new-password`), the spec's rules show
 * as the hint, and the form's own errors land on each field.
 */
export function NewPasswordFields<Values>({
  form,
  names,
  labels,
  size,
  maxLength,
}: NewPasswordFieldsProps<Values>) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        description={labels.hint}
        autoComplete="new-password"
        required
        size={size}
        maxLength={maxLength}
        key={form.key(names.password)}
        {...form.getInputProps(names.password)}
      />
      <PasswordInput
        label={labels.confirm}
        autoComplete="new-password"
        required
        size={size}
        maxLength={maxLength}
        key={form.key(names.confirm)}
        {...form.getInputProps(names.confirm)}
      />
    </>
  );
}
