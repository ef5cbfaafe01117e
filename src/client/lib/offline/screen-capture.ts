/**
 * The HTML of a shown screen as a cold start would draw it: what a moment put on it (notices, the
 * progress bar, the offline and update banners, marked `data-picture-skip`) left out, and the
 * fields' current values written into their attributes (a copy of the DOM keeps attributes only).
 */
const TRANSIENT = '[role="alert"], [role="progressbar"], [data-picture-skip]';
const FIELDS = 'input, select, textarea';

/** Something opened or chosen (a menu, a folded panel, a dialog, a ticked row) is not how a cold start opens. */
const NOT_AT_START = '[aria-expanded="true"], [role="dialog"], input[type="checkbox"]:checked';

export function isAsAtStart(root: Element): boolean {
  return root.querySelector(NOT_AT_START) === null;
}

function copyFieldState(live: Element, copy: Element): void {
  if (live instanceof HTMLInputElement) {
    if (live.type === 'checkbox' || live.type === 'radio') copy.toggleAttribute('checked', live.checked);
    else copy.setAttribute('value', live.value);
  } else if (live instanceof HTMLSelectElement) {
    const options = copy.querySelectorAll('option');
    [...live.options].forEach((option, index) => options[index]?.toggleAttribute('selected', option.selected));
  } else if (live instanceof HTMLTextAreaElement) {
    copy.textContent = live.value;
  }
}

export function screenHtmlOf(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  const liveFields = root.querySelectorAll(FIELDS);
  const copiedFields = copy.querySelectorAll(FIELDS);
  liveFields.forEach((field, index) => {
    const copied = copiedFields[index];
    if (copied) copyFieldState(field, copied);
  });
  for (const transient of copy.querySelectorAll(TRANSIENT)) transient.remove();
  return copy.innerHTML;
}
