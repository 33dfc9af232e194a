import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';

interface PasswordFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  helperText?: TextFieldProps['helperText'];
  /** Keep the label above the field, as the sign-in page does (see login-page.tsx). */
  shrinkLabel?: boolean;
}

export function PasswordField<T extends FieldValues>({ control, name, label, autoComplete, helperText, shrinkLabel }: PasswordFieldProps<T>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      helperText={helperText}
      required
      slotProps={{
        inputLabel: shrinkLabel ? { shrink: true } : undefined,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                // Named without the word "password" so the field itself is the only match for its label.
                aria-label={visible ? 'Hide characters' : 'Show characters'}
                aria-pressed={visible}
                onClick={() => { setVisible((value) => !value); }}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
