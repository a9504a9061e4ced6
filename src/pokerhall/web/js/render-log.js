// @ts-check
/* The event log: one readable line per event, grouped by hand, newest at the bottom. It keeps
   following new lines unless the player has scrolled up to read older ones. The log is not a
   live region itself (the announcer reads events), so nothing is read twice. */

import { describeLogLine } from "./describe.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

export class EventLog {
  constructor(container) {
    this.container = container;
    this.groups = new Map(); // hand number → <ol>
  }

  atBottom() {
    const c = this.container;
    return c.scrollHeight - c.scrollTop - c.clientHeight < 40;
  }

  group(hand) {
    let list = this.groups.get(hand);
    if (!list) {
      list = h("ol", { class: "log-lines" });
      const section = h(
        "section",
        { class: "log-hand", "data-hand": hand, "aria-label": t("log.hand", { hand }) },
        h("h3", { class: "log-hand-title" }, t("log.hand", { hand })),
        list,
      );
      const later = [...this.groups.keys()].filter((n) => n > hand).sort((a, b) => a - b)[0];
      const before = later === undefined ? null : this.groups.get(later).parentElement;
      this.container.insertBefore(section, before);
      this.groups.set(hand, list);
    }
    return list;
  }

  lines(list, events, ctx) {
    for (const event of events) {
      const text = describeLogLine(event, ctx);
      if (!text) continue;
      list.append(h("li", { class: `log-${event.type}`, "data-type": event.type }, text));
    }
  }

  /** Redraw everything (after a full state, or in a new language). */
  rebuild(model) {
    const follow = this.atBottom();
    this.container.replaceChildren();
    this.groups.clear();
    const ctx = model.describeContext;
    for (const hand of [...model.hands.keys()].sort((a, b) => a - b)) {
      this.lines(this.group(hand), model.hands.get(hand), ctx);
    }
    this.trim(model);
    if (follow) this.container.scrollTop = this.container.scrollHeight;
  }

  /** Add the lines of an update: groups is [[hand, events], ...]. */
  append(model, groups) {
    const follow = this.atBottom();
    const ctx = model.describeContext;
    for (const [hand, events] of groups) this.lines(this.group(hand), events, ctx);
    this.trim(model);
    if (follow) this.container.scrollTop = this.container.scrollHeight;
  }

  trim(model) {
    for (const [hand, list] of this.groups) {
      if (!model.hands.has(hand)) {
        list.parentElement.remove();
        this.groups.delete(hand);
      }
    }
  }
}
