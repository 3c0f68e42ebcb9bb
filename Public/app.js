// With JavaScript on, the pages behave as a photo app; every action works without it. Three parts:
// forms that apply in place, a viewer to swipe and zoom, and a stream that loads as you scroll;
// and the browser's time zone named to the server.
(() => {
  // The `tz` cookie: the times the server keeps (a link's end, when a file went to the trash or was
  // changed) are written as this clock reads them from the next page on; without it, in the
  // server's zone with its offset. The server takes only a zone it knows (TimeZoneCookie).
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && /^[A-Za-z0-9/_+-]{1,64}$/.test(zone) && !document.cookie.split('; ').includes('tz=' + zone)) {
      document.cookie = `tz=${zone}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
    }
  } catch { /* no zone to name */ }
})();
(() => {
  const root = document.documentElement;
  root.classList.add('js');
  const rtl = root.dir === 'rtl';
  const parse = (html) => new DOMParser().parseFromString(html, 'text/html');
  const say = (text) => {
    // A refusal in the server's words, where a flash would stand.
    const main = document.querySelector('main');
    let note = main.querySelector('.jsnote');
    if (!note) { note = document.createElement('p'); note.className = 'flash jsnote'; note.setAttribute('role', 'alert'); main.prepend(note); }
    note.textContent = text;
  };

  // The page as it is now, fetched again and put in place of the old (an action that changed more
  // than a button: a tag, a caption, an album, a turn, a selection).
  const refresh = async () => {
    const response = await fetch(location.href, { credentials: 'same-origin' });
    const page = parse(await response.text());
    const [y, main] = [scrollY, page.querySelector('main')];
    if (!main) return;
    document.querySelector('main').replaceWith(main);
    scrollTo(0, y);
    start();
  };

  // Forms that change curation are sent in place: the same POST, the same form token, and the
  // server's 303 not followed, so a heart or a star costs one request and no navigation.
  const local = {
    favorite(form, button) {
      const on = form.querySelector('input[name=value]').value === 'on';
      form.querySelector('input[name=value]').value = on ? 'off' : 'on';
      button.classList.toggle('on', on);
      button.setAttribute('aria-pressed', String(on));
      if (button.dataset.other) {
        const label = button.dataset.other;
        button.dataset.other = button.getAttribute('aria-label');
        button.setAttribute('aria-label', label);
        button.title = label;
        button.textContent = on ? '♥' : '♡';
      } else if (button.dataset.on) {
        button.textContent = on ? button.dataset.on : button.dataset.off;
      }
    },
    rate(form, button) {
      const value = Number(button.value);
      for (const star of form.querySelectorAll('.star')) star.classList.toggle('on', Number(star.value) <= value);
      form.querySelector('.rating').textContent = value ? button.dataset.said : form.dataset.none;
    },
  };
  // Pages fetched ahead (the viewer's neighbours, the stream's next page), each once; forgotten when
  // an action changed what they show, and a fetch that failed is tried again when next asked for.
  const ahead = new Map();
  const fetchPage = (url) => {
    if (!ahead.has(url)) {
      ahead.set(url, fetch(url, { credentials: 'same-origin' }).then((r) => (r.ok ? r.text() : Promise.reject(r)))
        .catch((error) => { ahead.delete(url); throw error; }));
    }
    return ahead.get(url);
  };

  const inPlace = new Set(['favorite', 'rate', 'tag', 'untag', 'caption', 'album-add', 'album-remove', 'private', 'rotate', 'select', 'keep']);
  document.addEventListener('submit', async (event) => {
    const form = event.target;
    const action = form.dataset.action;
    const button = event.submitter;
    if (!inPlace.has(action) || form.method !== 'post' || form.enctype === 'multipart/form-data') return;
    if (button && button.name === 'do' && button.value === 'zip') return;
    event.preventDefault();
    const body = new URLSearchParams(new FormData(form, button));
    form.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(form.action, { method: 'POST', body, credentials: 'same-origin', redirect: 'manual' });
      if (response.type !== 'opaqueredirect' && !response.ok) {
        const page = parse(await response.text());
        const said = page.querySelector('.errorpage p:not(.status), main p');
        say(said ? said.textContent.trim() : String(response.status));
        return;
      }
      ahead.clear();
      if (local[action] && button) local[action](form, button);
      else await refresh();
    } catch {
      form.submit();
    } finally {
      form.removeAttribute('aria-busy');
      // answered: counted on the page, for whoever waits on it (the end-to-end tests)
      root.dataset.sent = String(Number(root.dataset.sent || 0) + 1);
    }
  });

  // The viewer: arrow keys and swipes move between photos, Escape or a swipe down goes back to the
  // grid at the photo, a double tap or a pinch zooms. The next page is fetched ahead, put in place
  // without a reload, and the address follows, so back, reload and a shared link all work.
  const link = (rel) => document.querySelector(`.photonav a[rel=${rel}]`);
  const show = async (url, push) => {
    let html;
    try { html = await fetchPage(url); } catch { location.href = url; return; }
    const page = parse(html);
    const main = page.querySelector('main');
    if (!main || !main.querySelector('article.photo')) { location.href = url; return; }
    document.querySelector('main').replaceWith(main);
    document.title = page.title;
    if (push) history.pushState({ viewer: true }, '', url);
    scrollTo(0, 0);
    start();
  };
  const move = (rel) => { const a = link(rel); if (a) show(a.href, true); };
  const back = () => { const a = document.querySelector('.photo .back a'); if (a) location.href = a.href; };
  addEventListener('popstate', () => {
    if (document.querySelector('article.photo')) show(location.href, false); else location.reload();
  });
  addEventListener('keydown', (event) => {
    if (!document.querySelector('article.photo') || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest('input, textarea, select, [contenteditable]')) return;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) move('next');
    else if (event.key === backward) move('prev');
    else if (event.key === 'Escape') back();
    else return;
    event.preventDefault();
  });

  const zoomable = (figure) => {
    const img = figure.querySelector('img.large');
    if (!img) return;
    let scale = 1, x = 0, y = 0, touch = null, pinch = null, lastTap = 0;
    const apply = () => {
      img.style.transform = scale > 1 ? `translate(${x}px, ${y}px) scale(${scale})` : '';
      figure.classList.toggle('zoomed', scale > 1);
    };
    const distance = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
    const toggle = () => { scale = scale > 1 ? 1 : 2.5; x = y = 0; apply(); };
    img.addEventListener('dblclick', toggle);
    figure.addEventListener('touchstart', (event) => {
      const t = event.touches;
      if (t.length === 2) { pinch = { d: distance(t), scale }; touch = null; }
      else if (t.length === 1) touch = { x: t[0].clientX, y: t[0].clientY, ox: x, oy: y, moved: false };
    }, { passive: true });
    figure.addEventListener('touchmove', (event) => {
      const t = event.touches;
      if (pinch && t.length === 2) {
        scale = Math.min(5, Math.max(1, pinch.scale * distance(t) / pinch.d));
        apply();
        event.preventDefault();
      } else if (touch && t.length === 1) {
        touch.moved = true;
        if (scale > 1) {
          x = touch.ox + t[0].clientX - touch.x;
          y = touch.oy + t[0].clientY - touch.y;
          apply();
          event.preventDefault();
        }
      }
    }, { passive: false });
    figure.addEventListener('touchend', (event) => {
      if (pinch) { if (event.touches.length < 2) pinch = null; return; }
      if (!touch) return;
      const end = event.changedTouches[0];
      const [dx, dy] = [end.clientX - touch.x, end.clientY - touch.y];
      const wasMoved = touch.moved;
      touch = null;
      if (scale > 1) return;
      if (Math.abs(dx) > 50 && Math.abs(dx) > 1.5 * Math.abs(dy)) move((dx < 0) !== rtl ? 'next' : 'prev');
      else if (dy > 90 && dy > 1.5 * Math.abs(dx)) back();
      else if (!wasMoved) {
        const now = Date.now();
        if (now - lastTap < 300) { toggle(); lastTap = 0; } else lastTap = now;
      }
    });
  };

  // The stream loads its next page as its end comes near, under the same day's heading when the
  // day goes on; the numbered pages stay for a browser without JavaScript.
  let watcher;
  const stream = () => {
    if (watcher) watcher.disconnect();
    const list = document.querySelector('.scrubber') && document.querySelector('ul.photos');
    const pages = list && document.querySelector('nav.pages');
    if (!pages) return;
    watcher = new IntersectionObserver(async (entries) => {
      const next = pages.querySelector('a[rel=next]');
      if (!entries.some((e) => e.isIntersecting) || !next || pages.dataset.loading) return;
      pages.dataset.loading = '1';
      try {
        const page = parse(await fetchPage(next.href));
        const more = page.querySelector('ul.photos');
        if (!more) return;
        // (a day's heading comes after the end of the line before it, `.rowend`: both go)
        const heads = list.querySelectorAll('.dayhead h2');
        const end = more.firstElementChild && more.firstElementChild.matches('.rowend') ? more.firstElementChild : null;
        const first = end ? end.nextElementSibling : more.firstElementChild;
        if (first && first.matches('.dayhead') && heads.length && heads[heads.length - 1].textContent === first.textContent) {
          first.remove();
          if (end) end.remove();
        }
        list.append(...more.children);
        const newer = page.querySelector('nav.pages');
        if (newer) pages.replaceWith(newer); else pages.remove();
        history.replaceState(history.state, '', next.href);
        stream();
      } finally {
        delete pages.dataset.loading;
      }
    }, { rootMargin: '1200px 0px' });
    watcher.observe(pages);
  };

  // On a narrower screen the stream's years are also a rail at the screen's edge: a thumb runs
  // along it, the year under it is shown, and letting go jumps there (the year links stay above).
  const rail = () => {
    const years = [...document.querySelectorAll('.scrubber .years > li:not(.overview) > a')];
    if (years.length < 2 || !matchMedia('(max-width: 999px)').matches || document.querySelector('.rail')) return;
    const bar = document.createElement('div');
    bar.className = 'rail';
    bar.setAttribute('aria-hidden', 'true');
    for (const a of years) { const s = document.createElement('span'); s.textContent = a.textContent; bar.append(s); }
    const bubble = document.createElement('b');
    bar.append(bubble);
    let chosen = null;
    const pick = (event) => {
      const r = bar.getBoundingClientRect();
      const i = Math.min(years.length - 1, Math.max(0, Math.floor((event.clientY - r.top) / r.height * years.length)));
      chosen = years[i];
      bubble.textContent = chosen.textContent;
      bubble.style.top = `${event.clientY - r.top}px`;
      bar.classList.add('active');
    };
    bar.addEventListener('pointerdown', (event) => { bar.setPointerCapture(event.pointerId); pick(event); });
    bar.addEventListener('pointermove', (event) => { if (bar.classList.contains('active')) pick(event); });
    bar.addEventListener('pointerup', () => { bar.classList.remove('active'); if (chosen) location.href = chosen.href; });
    bar.addEventListener('pointercancel', () => { bar.classList.remove('active'); chosen = null; });
    document.body.append(bar);
  };

  // Shared links: a Copy button beside each address (without JavaScript the address is a field to select).
  const copies = () => {
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
  };

  const start = () => {
    const figure = document.querySelector('article.photo figure');
    if (figure) {
      zoomable(figure);
      for (const rel of ['next', 'prev']) {
        const a = link(rel);
        if (a) fetchPage(a.href).then((html) => {
          const img = parse(html).querySelector('img.large');
          if (img) new Image().src = img.src;
        }).catch(() => {});
      }
    }
    stream();
  };
  start();
  copies();
  rail();
})();
