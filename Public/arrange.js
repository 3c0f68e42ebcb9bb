// An album's arranging page, better with JavaScript (its buttons work without): each row gets a
// handle to drag it, with a mouse, a finger or a pen, to a new place (or to move it with the
// arrow keys). On release the move is sent as the row's own album-move form would send it
// (move=after or before, next to the row it now follows or leads); the numbers follow. If the
// server refuses, the page reloads to show the album as it is.
(() => {
  const list = document.querySelector('ol.arrange');
  if (!list) return;
  const rows = () => [...list.querySelectorAll(':scope > li')];
  let dragged = null;
  let startIndex = -1;

  const renumber = () => {
    const start = Number(list.dataset.first || '1');
    const all = rows();
    all.forEach((row, index) => {
      const number = row.querySelector('.what strong');
      if (number) number.textContent = `${start + index}.`;
      const first = start + index === 1, last = index === all.length - 1 && list.dataset.more !== '1';
      for (const button of row.querySelectorAll('button[value="top"], button[value="up"]')) button.disabled = first;
      const down = row.querySelector('button[value="down"]');
      if (down) down.disabled = last;
    });
  };

  const send = async (row) => {
    const form = row.querySelector('form[data-action="album-move"]');
    const previous = row.previousElementSibling, next = row.nextElementSibling;
    const other = previous || next;
    if (!form || !other) return;
    const body = new URLSearchParams(new FormData(form));
    body.set('move', previous ? 'after' : 'before');
    body.set('other', other.dataset.key);
    list.setAttribute('aria-busy', 'true');
    try {
      const answer = await fetch(form.action, { method: 'POST', body, redirect: 'manual', credentials: 'same-origin' });
      // A 303 comes back as an opaque redirect: the move was kept.
      if (answer.type !== 'opaqueredirect' && !answer.ok) throw new Error(String(answer.status));
      renumber();
      list.removeAttribute('aria-busy');
    } catch (error) {
      window.location.reload();
    }
  };

  // The dragged row goes before the first row whose middle is below the pointer.
  const place = (y) => {
    for (const row of rows()) {
      if (row === dragged) continue;
      const box = row.getBoundingClientRect();
      if (y < box.top + box.height / 2) {
        if (dragged.nextElementSibling !== row) list.insertBefore(dragged, row);
        return;
      }
    }
    if (list.lastElementChild !== dragged) list.appendChild(dragged);
  };

  // Moving a row in the document releases any pointer capture, so the drag is followed on the
  // window rather than on the handle.
  window.addEventListener('pointermove', (event) => {
    if (!dragged) return;
    place(event.clientY);
    // Near the window's edge the page scrolls, so a long album can be crossed in one drag.
    if (event.clientY < 60) window.scrollBy(0, -12);
    else if (event.clientY > window.innerHeight - 60) window.scrollBy(0, 12);
  });
  const drop = () => {
    if (!dragged) return;
    const row = dragged;
    row.classList.remove('dragging');
    dragged = null;
    if (rows().indexOf(row) !== startIndex) send(row);
  };
  window.addEventListener('pointerup', drop);
  window.addEventListener('pointercancel', drop);

  for (const row of rows()) {
    const name = row.querySelector('.what')?.textContent.trim() || list.dataset.this;
    const handle = document.createElement('button');
    handle.type = 'button';
    handle.className = 'handle';
    handle.textContent = '⠿';
    // The words come from the page, in its language.
    handle.setAttribute('aria-label', list.dataset.dragName.replace('{0}', name));
    handle.title = list.dataset.drag;
    row.prepend(handle);
    handle.addEventListener('pointerdown', (event) => {
      event.preventDefault();
      dragged = row;
      startIndex = rows().indexOf(row);
      row.classList.add('dragging');
    });
    // From the keyboard, the arrow keys move the row a place, as Up and Down do.
    handle.addEventListener('keydown', (event) => {
      const up = event.key === 'ArrowUp', down = event.key === 'ArrowDown';
      const target = up ? row.previousElementSibling : down ? row.nextElementSibling : null;
      if (!target) return;
      event.preventDefault();
      list.insertBefore(row, up ? target : target.nextElementSibling);
      handle.focus();
      send(row);
    });
  }
})();
