// Shared links: a Copy button beside each address (without JavaScript the address is a field to select).
for (const field of document.querySelectorAll('input.copy[data-copy]')) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button quiet';
  button.textContent = field.dataset.copy;
  button.setAttribute('aria-live', 'polite');
  button.addEventListener('click', async () => {
    field.select();
    // The clipboard API needs a secure page; elsewhere the browser's own copy of the selection.
    try { await navigator.clipboard.writeText(field.value); } catch { document.execCommand('copy'); }
    button.textContent = field.dataset.copied;
    setTimeout(() => { button.textContent = field.dataset.copy; }, 2000);
  });
  field.after(button);
}
