import { AUTH_MESSAGES, type AccessTokenResponse } from '@clinic/domain';
import { api, errorMessage } from '../lib/api-client';
import { getToken, isTokenUsable } from '../lib/auth-token';
import { hardRedirect } from '../lib/browser';
import { homePath, startSession, takeSignOutReason } from '../lib/session';
import { SIGN_IN_TEXTS } from '../features/auth/sign-in-texts';
import { SIGN_IN_HOOKS as HOOK } from './sign-in-hooks';

type FieldName = 'username' | 'password';

const REQUIRED: Record<FieldName, string> = { username: AUTH_MESSAGES.emailRequired, password: AUTH_MESSAGES.passwordRequired };

function mark<T extends Element>(root: ParentNode, hook: string): T {
  const element = root.querySelector<T>(`[data-sign-in="${hook}"]`);
  if (!element) throw new Error(`The sign-in page has no [data-sign-in="${hook}"]`);
  return element;
}

/** A copy of one of the page's templates (the markup the React page renders in that state). */
function fromTemplate(root: Document, hook: string): HTMLElement {
  const template = mark<HTMLTemplateElement>(root, hook);
  const copy = template.content.firstElementChild?.cloneNode(true);
  if (!(copy instanceof HTMLElement)) throw new Error(`The sign-in template ${hook} is empty`);
  return copy;
}

/**
 * The behaviour of the prerendered sign-in page (the page the server sends for /), as the React
 * login page has it: a stored session goes on to the home page; submitting checks both fields
 * (the schema's messages, checked again as the user types once a submit failed), posts
 * auth/login, stores the session and opens the home page, or shows the server's message.
 * The React app is only loaded once the user is in.
 */
export function startSignIn(root: Document = document): void {
  if (isTokenUsable(getToken())) {
    hardRedirect(homePath());
    return;
  }
  const form = mark<HTMLFormElement>(root, HOOK.form);
  const stack = mark<HTMLElement>(root, HOOK.stack);
  const submit = mark<HTMLButtonElement>(root, HOOK.submit);
  const inputs: Record<FieldName, HTMLInputElement> = {
    username: form.elements.namedItem('username') as HTMLInputElement,
    password: form.elements.namedItem('password') as HTMLInputElement,
  };
  let alert: HTMLElement | null = null;
  let submitted = false;

  const showAlert = (next: HTMLElement | null) => {
    alert?.remove();
    alert = next;
    if (next) stack.prepend(next);
  };
  if (takeSignOutReason() === 'idle') showAlert(fromTemplate(root, HOOK.idleAlert));

  const setFieldError = (name: FieldName, message: string | null) => {
    const input = inputs[name];
    const control = input.closest('.MuiFormControl-root');
    if (!control) return;
    for (const part of control.querySelectorAll('.MuiInputLabel-root, .MuiInputBase-root')) part.classList.toggle('Mui-error', message !== null);
    input.setAttribute('aria-invalid', String(message !== null));
    const helperId = `${input.id}-helper-text`;
    root.getElementById(helperId)?.remove();
    input.removeAttribute('aria-describedby');
    if (message === null) return;
    const helper = fromTemplate(root, HOOK.fieldError).querySelector<HTMLElement>('.MuiFormHelperText-root');
    if (!helper) return;
    helper.id = helperId;
    mark(helper, HOOK.message).textContent = message;
    control.append(helper);
    input.setAttribute('aria-describedby', helperId);
  };

  const validate = (): FieldName[] => {
    // As LoginRequestSchema: the e-mail is trimmed, the password taken as typed.
    const isEmpty = (name: FieldName) => (name === 'username' ? inputs.username.value.trim() : inputs.password.value) === '';
    const invalid = (Object.keys(inputs) as FieldName[]).filter(isEmpty);
    for (const name of Object.keys(inputs) as FieldName[]) setFieldError(name, invalid.includes(name) ? REQUIRED[name] : null);
    return invalid;
  };

  for (const input of Object.values(inputs)) {
    input.addEventListener('input', () => {
      if (submitted) validate();
    });
    // MUI marks the focused field's label and outline (React does it on the app's pages).
    const parts = input.closest('.MuiFormControl-root')?.querySelectorAll('.MuiInputLabel-root, .MuiInputBase-root') ?? [];
    const setFocused = (focused: boolean) => {
      for (const part of parts) part.classList.toggle('Mui-focused', focused);
    };
    input.addEventListener('focus', () => {
      setFocused(true);
    });
    input.addEventListener('blur', () => {
      setFocused(false);
    });
  }

  const reveal = mark<HTMLButtonElement>(root, HOOK.reveal);
  reveal.addEventListener('click', () => {
    const visible = inputs.password.type === 'password';
    inputs.password.type = visible ? 'text' : 'password';
    // Named without the word "password" so the field itself is the only match for its label.
    reveal.setAttribute('aria-label', visible ? 'Hide characters' : 'Show characters');
    reveal.setAttribute('aria-pressed', String(visible));
    mark<SVGElement>(reveal, HOOK.shownIcon).style.display = visible ? 'none' : '';
    mark<SVGElement>(reveal, HOOK.hiddenIcon).style.display = visible ? '' : 'none';
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submitted = true;
    const [firstInvalid] = validate();
    if (firstInvalid) {
      inputs[firstInvalid].focus();
      return;
    }
    submit.disabled = true;
    submit.classList.add('Mui-disabled');
    submit.setAttribute('aria-busy', 'true');
    const body = { username: inputs.username.value.trim().toLowerCase(), password: inputs.password.value };
    api.post<AccessTokenResponse>('auth/login', body).then(
      ({ access_token }) => {
        hardRedirect(startSession(access_token));
      },
      (error: unknown) => {
        const failed = fromTemplate(root, HOOK.errorAlert);
        mark(failed, HOOK.message).textContent = errorMessage(error, SIGN_IN_TEXTS.failed);
        showAlert(failed);
        submit.disabled = false;
        submit.classList.remove('Mui-disabled');
        submit.removeAttribute('aria-busy');
      },
    );
  });
  inputs.username.focus();
}
