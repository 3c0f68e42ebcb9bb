// Names this browser's time zone to the server in the `tz` cookie, so that the times the server
// keeps (a link's end, when a file went to the trash or was changed, an account's start) are
// written as this clock reads them, from the next page on. Optional: without it they are written
// in the server's zone, with its offset. The server takes only a zone it knows
// (Gallery/Parsing/TimeZoneCookie.swift); so does this.
(() => {
  let zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch { return; }
  if (!zone || !/^[A-Za-z0-9/_+-]{1,64}$/.test(zone)) return;
  if (document.cookie.split('; ').includes('tz=' + zone)) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = 'tz=' + zone + '; Path=/; Max-Age=31536000; SameSite=Lax' + secure;
})();
