/** Adds a Copy button beside each read-only code box: an enhancement, the boxes work without it. */
export const COPY_SCRIPT = `for (const box of document.querySelectorAll('textarea.code[readonly]')) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'secondary';
  button.textContent = 'Copy';
  button.setAttribute('aria-label', 'Copy: ' + document.querySelector('label[for="' + box.id + '"]').textContent);
  button.addEventListener('click', async () => {
    box.select();
    try { await navigator.clipboard.writeText(box.value); button.textContent = 'Copied'; } catch { button.textContent = 'Selected: press Ctrl+C'; }
  });
  box.after(button);
}`;
