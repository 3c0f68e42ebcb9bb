// Select mode, better with JavaScript (it works without): shift-click ticks or clears a range
// of tiles, and the bar says how many are ticked.
(() => {
  const form = document.querySelector('form[data-action="select"]');
  if (!form) return;
  const boxes = [...form.querySelectorAll('input[name="ids"]')];
  const all = form.querySelector('input[name="all"]');
  const count = form.querySelector('.selectcount');
  let last = null;

  const update = () => {
    const ticked = boxes.filter((box) => box.checked).length;
    // The words come from the page, in its language; the numbers are written its way.
    const number = (n) => Number(n).toLocaleString(document.documentElement.lang || undefined);
    const said = count.dataset;
    count.textContent = all.checked ? said.all.replace('{0}', number(all.dataset.total))
      : ticked ? said.some.replace('{0}', number(ticked)) : said.none;
  };

  form.addEventListener('click', (event) => {
    const label = event.target.closest('label.pick');
    if (!label) return;
    const box = label.querySelector('input[name="ids"]');
    if (event.shiftKey && last && last !== box) {
      // A range, from the last tile touched to this one, takes this one's new state.
      event.preventDefault();
      const state = !box.checked;
      const [from, to] = [boxes.indexOf(last), boxes.indexOf(box)].sort((a, b) => a - b);
      for (const other of boxes.slice(from, to + 1)) other.checked = state;
      update();
    }
    last = box;
  });
  form.addEventListener('change', update);
  update();
})();
