// @ts-check
/**
 * The small menu of the options on one place (a place with several possibilities): each
 * item with the glossary line that explains its word, opened where the place was clicked,
 * kept in view under the bar, closed by Escape, a click elsewhere or a new position.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").Opt} Opt
 */

import { hintOf } from "./state.js";
import { openArea, placeBar } from "./screen.js";

/**
 * Open the menu of `opts` at (x, y) of the surface; `pick` takes the option chosen.
 * @param {Board} b @param {Opt[]} opts @param {number} x @param {number} y
 * @param {(id: string) => void} pick
 */
export function showMenu(b, opts, x, y, pick) {
  const { menu, surface, bar } = b.ui;
  menu.replaceChildren(...opts.map((o) => {
    const item = b.doc.createElement("button");
    item.type = "button";
    item.setAttribute("role", "menuitem");
    item.textContent = o.label;
    item.dataset.option = o.id;
    const hint = hintOf(b, o);
    if (hint) item.title = hint;
    item.addEventListener("click", (ev) => {
      ev.stopPropagation();
      pick(o.id);
    });
    return item;
  }));
  menu.hidden = false;
  menu.style.left = `${Math.max(0, Math.min(x, surface.clientWidth - menu.offsetWidth - 4))}px`;
  menu.style.top = `${Math.max(0, Math.min(y, surface.clientHeight - menu.offsetHeight - 4))}px`;
  // The whole menu in view (under the bar), as the places are.
  const area = openArea(b);
  const box = menu.getBoundingClientRect();
  if (box.top < area.top || box.bottom > area.bottom) {
    menu.style.scrollMarginTop = `${bar.offsetHeight + 8}px`;
    menu.scrollIntoView({ block: "nearest", inline: "nearest" });
    placeBar(b);
  }
  /** @type {HTMLElement | null} */ (menu.firstElementChild)?.focus({ preventScroll: true });
}

/** @param {Board} b */
export function hideMenu(b) {
  const { menu } = b.ui;
  if (!menu.hidden) {
    menu.hidden = true;
    menu.replaceChildren();
  }
}

/** A click anywhere on the page outside the menu (and not on the board's places) closes it.
 * @param {Board} b @param {MouseEvent} ev */
export function closeMenuOnClickAway(b, ev) {
  const target = /** @type {Node} */ (ev.target);
  const { menu, overlay } = b.ui;
  if (!menu.hidden && !menu.contains(target) && target !== overlay) hideMenu(b);
}

/**
 * A key typed in the open menu: arrows move between its items, Escape closes it (the focus
 * goes back to the board). Returns whether the key was the menu's.
 * @param {Board} b @param {KeyboardEvent} ev @param {HTMLElement} t the item focused
 */
export function menuKey(b, ev, t) {
  const { menu, surface } = b.ui;
  const items = /** @type {HTMLElement[]} */ ([...menu.querySelectorAll("button")]);
  const i = items.indexOf(t);
  if (ev.key === "ArrowDown" || ev.key === "ArrowRight") items[(i + 1) % items.length].focus();
  else if (ev.key === "ArrowUp" || ev.key === "ArrowLeft") {
    items[(i - 1 + items.length) % items.length].focus();
  } else if (ev.key === "Escape") {
    hideMenu(b);
    surface.focus({ preventScroll: true });
  } else return false;
  return true;
}
