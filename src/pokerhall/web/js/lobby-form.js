// @ts-check
/* The "create a table" form, rendered from the games' option specs (GET /api/games, one
   GameInfo.to_json() per game): a game and ruleset select, the generic table settings (seats,
   bots, bot kind, bot delay, turn clock, bot takeover) and one field per option of the game
   (kind int/number/bool/text/choice/int_list/choice_list, with min/max/choices/help; `advanced` ones
   under "More options"). Labels and help come from the game module's strings
   (`option.<name>`, `option.<name>.help`), else the spec's help. Values are checked against
   the spec before sending; the server's reason for a refusal is shown as it is. */

import { api, ApiError, errorText } from "./api.js";
import { byId, fill, h, buttonById, detailsById, inputById, linkById, selectById } from "./dom.js";
import { formatNumber, hasString, onLanguageChange, t } from "./i18n.js";
import { gameModule, rulesetName, tableUrl } from "./lobby-list.js";
import { rememberCreated, rememberSeat, saveName, savedName } from "./storage.js";

export { errorText }; // the lobby's and league page's name for it

const optionId = (name) => `opt-${name}`;

/** Option words: the game's own strings first (`game`: its name), as two games may word one
 *  option name differently. */
function optionLabel(spec, game) {
  const key = `option.${spec.name}`;
  return hasString(key, game) ? t(key, {}, game) : spec.name.replaceAll("_", " ");
}

function optionHelp(spec, game) {
  const key = `option.${spec.name}.help`;
  if (hasString(key, game)) return t(key, {}, game);
  return hasString(`option.${spec.name}`, game) ? "" : spec.help || "";
}

function bound(value) {
  return value === undefined || value === null ? "…" : formatNumber(value);
}

export class CreateTableForm {
  constructor(form, games) {
    this.form = form;
    this.games = games;
    this.el = (id) => byId(id);
    this.values = {};
    this.fillGames();
    inputById("create-player-name").value = savedName();
    selectById("game").addEventListener("change", () => this.gameChanged());
    selectById("ruleset").addEventListener("change", () => this.applyDefaults());
    inputById("seats").addEventListener("change", () => this.limitBots());
    inputById("turn-clock-on").addEventListener("change", () => this.syncClock());
    inputById("create-sit").addEventListener("change", () => this.syncSit());
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    onLanguageChange(() => this.relabel());
    this.gameChanged();
    this.syncClock();
    this.syncSit();
  }

  game() {
    return this.games.find((g) => g.name === selectById("game").value) || this.games[0];
  }

  ruleset() {
    const game = this.game();
    return game.rulesets.find((r) => r.name === selectById("ruleset").value) || game.rulesets[0];
  }

  fillGames() {
    const select = selectById("game");
    const chosen = select.value;
    select.replaceChildren(...this.games.map((g) => new Option(hasString(`game.${g.name}`) ? t(`game.${g.name}`) : g.title, g.name)));
    if (chosen) select.value = chosen;
  }

  fillRulesets() {
    const select = selectById("ruleset");
    const chosen = select.value;
    const game = this.game();
    select.replaceChildren(...game.rulesets.map((r) => new Option(rulesetName(game.name, r.name), r.name)));
    select.value = game.rulesets.some((r) => r.name === chosen) ? chosen : game.rulesets[0].name;
    const kinds = selectById("bot-kind");
    const kind = kinds.value;
    // Kinds that play at a level come first, weakest first; the game's strings name the level.
    const levels = game.bot_levels || {};
    const ordered = [...game.bots].sort((a, b) => (levels[a] ?? 99) - (levels[b] ?? 99));
    const botLabel = (b) => (hasString(`botKind.${b}`, game.name) ? t(`botKind.${b}`, {}, game.name) : b);
    kinds.replaceChildren(...ordered.map((b) => new Option(botLabel(b), b)));
    kinds.value = game.bots.includes(kind) ? kind : game.default_bot;
  }

  gameChanged() {
    this.fillRulesets();
    this.renderOptions();
    this.applyDefaults();
    this.syncTakeover();
    inputById("result-pause").value = String(this.game().result_pause ?? 0); // the game's default
    this.describePause();
  }

  /** The result pause's hint names the chosen game's default (`result_pause` in /api/games). */
  describePause() {
    this.el("result-pause-hint").textContent = t("create.resultPauseHint", { count: this.game().result_pause ?? 0 });
  }

  /** A bot takes a leaving player's seat only in a game whose `on_leave` is "bot"; where
      leaving resigns the seat, the choice is not offered (the server would not keep it). */
  takeoverAllowed() {
    return this.game().on_leave === "bot";
  }

  syncTakeover() {
    const allowed = this.takeoverAllowed();
    this.el("bot-takeover-field").hidden = !allowed;
    this.el("leave-resigns").hidden = allowed;
    inputById("bot-takeover").checked = allowed;
  }

  relabel() {
    this.readValues();
    this.fillGames();
    this.fillRulesets();
    this.renderOptions();
    this.writeValues();
    this.describe();
  }

  describe() {
    const game = this.game();
    const ruleset = this.ruleset();
    this.el("game-hint").textContent = hasString(`game.${game.name}.about`) ? t(`game.${game.name}.about`) : game.summary;
    const help = linkById("game-help");
    help.href = `help.html?game=${encodeURIComponent(game.name)}`;
    help.textContent = t("help.forGame", { game: hasString(`game.${game.name}`) ? t(`game.${game.name}`) : game.title });
    const about = `ruleset.${ruleset.name}.about`;
    this.el("ruleset-hint").textContent = hasString(about)
      ? t(about, { min: ruleset.min_players, max: ruleset.max_players })
      : ruleset.summary;
    inputById("table-name").placeholder = t("create.defaultName", { ruleset: rulesetName(game.name, ruleset.name) });
    // What the clock does is the game's default move: the game's words, else the shell's.
    this.el("turn-clock-hint").textContent = t("create.turnClockHint", {}, game.name);
    this.describePause();
  }

  field(spec) {
    const id = optionId(spec.name);
    const game = this.game().name;
    const help = optionHelp(spec, game);
    const hintId = help ? `${id}-hint` : null;
    const hint = help ? h("p", { class: "field-hint", id: hintId }, help) : null;
    const label = optionLabel(spec, game);
    if (spec.kind === "bool") {
      return h(
        "div",
        { class: "field-check", "data-option": spec.name },
        h("input", { id, type: "checkbox", "aria-describedby": hintId }),
        h("label", { for: id }, label),
        hint,
      );
    }
    let input;
    if (spec.kind === "choice" || spec.kind === "choice_list") {
      const module = gameModule(game);
      const multiple = spec.kind === "choice_list";
      input = h(
        "select",
        { id, "aria-describedby": hintId, multiple: multiple ? "" : null, size: multiple ? Math.min(spec.choices.length, 6) : null },
        spec.choices.map((c) => {
          const key = `option.${spec.name}.${c}`;
          const text = module?.lobby?.choiceLabel?.(spec, c) ?? (hasString(key, game) ? t(key, {}, game) : c);
          return h("option", { value: c }, text);
        }),
      );
    } else if (spec.kind === "int" || spec.kind === "number") {
      input = h("input", {
        id,
        type: "number",
        inputmode: spec.kind === "int" ? "numeric" : "decimal",
        step: spec.kind === "int" ? "1" : "any",
        min: spec.min ?? null,
        max: spec.max ?? null,
        "aria-describedby": hintId,
      });
    } else {
      input = h("input", { id, type: "text", autocomplete: "off", maxlength: spec.kind === "text" ? spec.max_length ?? null : null, "aria-describedby": hintId });
    }
    return h("div", { class: "field", "data-option": spec.name }, h("label", { for: id }, label), input, hint);
  }

  renderOptions() {
    const options = this.game().options;
    fill(this.el("basic-options"), options.filter((o) => !o.advanced).map((o) => this.field(o)));
    const advanced = options.filter((o) => o.advanced);
    fill(this.el("advanced-game-options"), advanced.map((o) => this.field(o)));
    detailsById("advanced-options").hidden = advanced.length === 0;
  }

  defaultOf(spec) {
    const defaults = this.ruleset().defaults || {};
    return spec.name in defaults ? defaults[spec.name] : spec.default;
  }

  setValue(spec, value) {
    const input = /** @type {HTMLInputElement} */ (this.el(optionId(spec.name))); // a <select> for choice_list
    if (spec.kind === "bool") input.checked = Boolean(value);
    else if (spec.kind === "int_list") input.value = (value || []).join(", ");
    else if (spec.kind === "choice_list") for (const o of /** @type {HTMLSelectElement} */ (/** @type {unknown} */ (input)).options) o.selected = (value || []).includes(o.value);
    else input.value = value ?? "";
  }

  readValues() {
    for (const spec of this.game().options) {
      const input = /** @type {HTMLInputElement} */ (this.el(optionId(spec.name))); // a <select> for choice_list
      if (!input) continue;
      if (spec.kind === "choice_list") this.values[spec.name] = selectedValues(input);
      else this.values[spec.name] = spec.kind === "bool" ? input.checked : input.value;
    }
  }

  writeValues() {
    for (const spec of this.game().options) {
      const input = /** @type {HTMLInputElement} */ (this.el(optionId(spec.name))); // a <select> for choice_list
      if (!input || !(spec.name in this.values)) continue;
      if (spec.kind === "bool") input.checked = this.values[spec.name];
      else if (spec.kind === "choice_list") this.setValue(spec, this.values[spec.name]);
      else input.value = this.values[spec.name];
    }
  }

  applyDefaults() {
    const ruleset = this.ruleset();
    for (const spec of this.game().options) this.setValue(spec, this.defaultOf(spec));
    const seats = inputById("seats");
    seats.min = ruleset.min_players;
    seats.max = ruleset.max_players;
    seats.value = String(Math.min(Math.max(Number(seats.value) || 4, ruleset.min_players), ruleset.max_players));
    this.limitBots();
    this.describe();
  }

  limitBots() {
    const seats = Number(inputById("seats").value) || 2;
    const bots = inputById("bots");
    bots.max = String(Math.max(0, seats - 1)); // at least one seat for a person, or nobody could start it
    if (Number(bots.value) > seats - 1) bots.value = String(seats - 1);
  }

  syncClock() {
    inputById("turn-clock").disabled = !inputById("turn-clock-on").checked;
    selectById("turn-clock-unit").disabled = !inputById("turn-clock-on").checked;
  }

  syncSit() {
    inputById("create-player-name").disabled = !inputById("create-sit").checked;
  }

  /** One option's value from its field: [value, problem or null]. */
  optionValue(spec) {
    const input = /** @type {HTMLInputElement} */ (this.el(optionId(spec.name))); // a <select> for choice_list
    const label = optionLabel(spec, this.game().name);
    const range = { label, min: bound(spec.min), max: bound(spec.max) };
    if (spec.kind === "bool") return [input.checked, null];
    if (spec.kind === "choice_list") return [selectedValues(input), null];
    const raw = input.value.trim();
    if (spec.kind === "choice") return [raw, null];
    if (spec.kind === "text") {
      const max = spec.max_length ?? 200;
      return raw.length > max ? [null, t("create.errText", { label, max })] : [raw, null];
    }
    if (spec.kind === "int_list") {
      const items = raw.split(/[,;\s]+/).filter(Boolean);
      const numbers = items.map(Number);
      const ok = items.length >= (spec.min_items ?? 1) && items.length <= (spec.max_items ?? 50) && numbers.every((n) => Number.isInteger(n));
      return ok ? [numbers, null] : [null, t("create.errList", { label })];
    }
    const value = raw === "" ? NaN : Number(raw);
    const whole = spec.kind === "int";
    const inRange = (spec.min === undefined || value >= spec.min) && (spec.max === undefined || value <= spec.max);
    if (!Number.isFinite(value) || (whole && !Number.isInteger(value)) || !inRange) {
      return [null, t(whole ? "create.errInt" : "create.errNumber", range)];
    }
    return [value, null];
  }

  /** Field problems as [inputId, message]; the first one gets focus. */
  problems() {
    const ruleset = this.ruleset();
    const out = [];
    const int = (id) => Number(inputById(id).value);
    const seats = int("seats");
    if (!Number.isInteger(seats) || seats < ruleset.min_players || seats > ruleset.max_players) {
      out.push(["seats", t("create.errSeats", { min: ruleset.min_players, max: ruleset.max_players })]);
    }
    const bots = int("bots");
    if (!Number.isInteger(bots) || bots < 0 || bots >= seats) {
      out.push(["bots", t("create.errBots", { max: Math.max(0, seats - 1) })]);
    }
    for (const spec of this.game().options) {
      const [, problem] = this.optionValue(spec);
      if (problem) out.push([optionId(spec.name), problem]);
    }
    if (inputById("turn-clock-on").checked) {
      const clock = int("turn-clock") * Number(selectById("turn-clock-unit").value);
      if (!(clock >= 1 && clock <= 604800)) out.push(["turn-clock", t("create.errClock")]);
    }
    const delay = int("bot-delay");
    if (!(delay >= 0 && delay <= 10)) out.push(["bot-delay", t("create.errDelay")]);
    const pause = inputById("result-pause").value.trim() === "" ? NaN : int("result-pause");
    if (!(pause >= 0 && pause <= 60)) out.push(["result-pause", t("create.errResultPause")]);
    if (inputById("create-sit").checked && !inputById("create-player-name").value.trim()) {
      out.push(["create-player-name", t("join.errName")]);
    }
    return out;
  }

  /** The request: the ruleset and every option whose value differs from the ruleset's default. */
  body() {
    const game = this.game();
    const options = { ruleset: this.ruleset().name };
    for (const spec of game.options) {
      const [value] = this.optionValue(spec);
      if (JSON.stringify(value) !== JSON.stringify(this.defaultOf(spec))) options[spec.name] = value;
    }
    const name = inputById("table-name").value.trim() || inputById("table-name").placeholder;
    return {
      game: game.name,
      name,
      options,
      seats: Number(inputById("seats").value),
      bots: Number(inputById("bots").value),
      bot_kind: selectById("bot-kind").value,
      turn_clock: inputById("turn-clock-on").checked
        ? Number(inputById("turn-clock").value) * Number(selectById("turn-clock-unit").value)
        : null,
      bot_delay: Number(inputById("bot-delay").value),
      result_pause: Number(inputById("result-pause").value),
      bot_takeover: this.takeoverAllowed() && inputById("bot-takeover").checked,
      private: inputById("create-private").checked,
    };
  }

  async submit() {
    const error = this.el("create-error");
    for (const input of this.form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
    const problems = this.problems();
    if (problems.length) {
      for (const [id] of problems) this.el(id).setAttribute("aria-invalid", "true");
      if (problems.some(([id]) => this.el("advanced-game-options").contains(this.el(id)))) {
        detailsById("advanced-options").open = true;
      }
      error.textContent = problems.map(([, message]) => message).join(" ");
      this.el(problems[0][0]).focus();
      return;
    }
    error.textContent = "";
    const button = buttonById("create-submit");
    button.disabled = true;
    try {
      const table = await api.createTable(this.body());
      const code = table.join_code;
      if (inputById("create-sit").checked) {
        const name = inputById("create-player-name").value.trim();
        saveName(name);
        // The creator token makes this seat the creator's (server/tables/creator.py).
        const seat = await api.join(table.id, name, { code, creator: table.creator_token });
        rememberSeat(table.id, { token: seat.token, seat: seat.seat, name, creator: true, code });
      } else {
        rememberCreated(table.id, table.creator_token);
      }
      location.assign(tableUrl(table.id, code));
    } catch (err) {
      error.textContent = err instanceof ApiError && err.status === 422 ? t("create.errServer", { reason: errorText(err) }) : errorText(err);
      button.disabled = false;
    }
  }
}

/** The chosen options of a multiple select, in their listed order. */
function selectedValues(select) {
  return [...select.options].filter((o) => o.selected).map((o) => o.value);
}
