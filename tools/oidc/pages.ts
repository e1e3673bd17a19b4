/** Server-rendered pages of the dev identity provider: plain HTML, inline styles, no external assets. */
import { escapeHtml, htmlPage } from '../lib/http-stand-in.ts';

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f4f5; color: #18181b; margin: 0; }
  main { max-width: 22rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem;
         box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
  p { margin: 0 0 1rem; color: #52525b; }
  label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.5rem; font-size: 1rem; border: 1px solid #a1a1aa;
          border-radius: 0.375rem; }
  input[aria-invalid="true"] { border-color: #b91c1c; }
  .error { color: #b91c1c; margin: 0.5rem 0 0; }
  button { margin-top: 1rem; width: 100%; padding: 0.6rem; font-size: 1rem; font-weight: 600; color: #fff;
           background: #4f46e5; border: 0; border-radius: 0.375rem; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
`;

const layout = (title: string, body: string, script = '') => htmlPage(title, STYLE, body, script);

/** Login form; `error` re-shows it with the message tied to the field for screen readers. */
export function loginPage(options: { action: string; username?: string; error?: string }): string {
  const { action, username = '', error } = options;
  const errorAttributes = error ? ' aria-invalid="true" aria-describedby="username-error"' : '';
  const errorMessage = error ? `\n      <p id="username-error" class="error" role="alert">${escapeHtml(error)}</p>` : '';
  return layout(
    'Sign in · Lipcast dev identity provider',
    `    <h1>Sign in to Lipcast</h1>
    <p>Development identity provider: any username signs in.</p>
    <form method="post" action="${escapeHtml(action)}">
      <label for="username">Username</label>
      <input id="username" name="username" type="text" value="${escapeHtml(username)}" required autofocus
             autocomplete="username" maxlength="64"${errorAttributes}>${errorMessage}
      <button type="submit">Sign in</button>
    </form>`,
  );
}

/**
 * RP-initiated logout confirmation: signs out straight away (the app asked for it), with a button
 * for browsers without JavaScript. `form` is the provider's form holding the xsrf token.
 */
export function logoutPage(form: string): string {
  const formWithLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    'Signing out · Lipcast dev identity provider',
    `    <h1>Signing out…</h1>
    ${formWithLogout}
    <button type="submit" form="op.logoutForm">Sign out</button>`,
    "document.addEventListener('DOMContentLoaded', function () { document.forms[0].submit(); });",
  );
}

/** Error and "signed out" notices. */
export function messagePage(title: string, message: string): string {
  return layout(`${title} · Lipcast dev identity provider`, `    <h1>${escapeHtml(title)}</h1>\n    <p role="status">${escapeHtml(message)}</p>`);
}
