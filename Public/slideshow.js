// The slideshow, better with JavaScript (it runs without it, on a timer): the arrow keys, the
// space bar and Escape follow the page's own links, and a swipe goes to the next or previous photo.
(() => {
  const links = {};
  for (const a of document.querySelectorAll('.showbar a[data-key]')) links[a.dataset.key] = a.href;
  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const href = links[event.key];
    if (href) { event.preventDefault(); location.href = href; }
  });
  let start = null;
  document.addEventListener('touchstart', (event) => { start = event.touches[0]; }, { passive: true });
  document.addEventListener('touchend', (event) => {
    if (!start) return;
    const dx = event.changedTouches[0].clientX - start.clientX;
    const dy = event.changedTouches[0].clientY - start.clientY;
    start = null;
    if (Math.abs(dx) < 50 || Math.abs(dx) < Math.abs(dy)) return;
    const href = links[dx < 0 ? 'ArrowRight' : 'ArrowLeft'];
    if (href) location.href = href;
  });
})();
