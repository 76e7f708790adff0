/**
 * The console's passkey enhancement (/console/passkeys.js): a `form[data-passkey]` asks its options
 * (POST, the form's CSRF token), runs WebAuthn with the browser's own JSON helpers, puts the answer in
 * the form's hidden fields and sends it. Failures are said in the form's status line.
 */
export const PASSKEYS_SCRIPT = `for (const form of document.querySelectorAll('form[data-passkey]')) {
  const status = form.querySelector('[data-passkey-status]');
  const say = (text) => { status.textContent = text; };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!window.PublicKeyCredential || !PublicKeyCredential.parseCreationOptionsFromJSON) {
      say('This browser cannot use passkeys here. Use another way, or a current browser.');
      return;
    }
    say('Waiting for your passkey…');
    try {
      const asked = await fetch(form.dataset.options, { method: 'POST', body: new URLSearchParams({ csrf: form.elements.csrf.value }) });
      if (!asked.ok) throw new Error(asked.status === 410 ? 'This sign-in expired: start again.' : 'The console did not answer: try again.');
      const { challengeId, options } = await asked.json();
      const credential = form.dataset.passkey === 'register'
        ? await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) })
        : await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
      form.elements.challengeId.value = challengeId;
      form.elements.credential.value = JSON.stringify(credential.toJSON());
      HTMLFormElement.prototype.submit.call(form);
    } catch (error) {
      say(error.name === 'NotAllowedError'
        ? 'No passkey was used (cancelled, or none here for this console). Try again, or use another way.'
        : error.name === 'InvalidStateError' ? 'This device already holds a passkey of yours for this console.' : error.message);
    }
  });
}
`;
