import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  control: Control<T>;
  name: Path<T>;
  /** Store the value as a number (empty input becomes undefined). */
  numeric?: boolean;
};

/** A labelled MUI text field bound to react-hook-form, showing its validation message under it. */
export function FormTextField<T extends FieldValues>({ control, name, numeric = false, helperText, ...props }: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => {
            const raw = event.target.value;
            field.onChange(numeric ? (raw === '' ? undefined : Number(raw)) : raw);
          }}
          onBlur={(event) => {
            field.onBlur();
            props.onBlur?.(event);
          }}
          inputRef={field.ref}
          disabled={props.disabled ?? field.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
