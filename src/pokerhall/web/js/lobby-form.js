/* The "create a table" form: fills in each ruleset's defaults (from GET /api/games), checks
   the numbers before sending, creates the table and, if asked, takes a seat at it. */

import { api, ApiError } from "./api.js";
import { byId } from "./dom.js";
import { t, formatNumber, languageName, onLanguageChange } from "./i18n.js";
import { rememberSeat, saveName, savedName } from "./storage.js";
import { rulesetName, tableUrl } from "./lobby-list.js";

const QUESTION_LANGUAGES = ["en", "de"];

export function errorText(error) {
  if (error instanceof ApiError) {
    if (error.status === 0) return t("error.network");
    return error.detail || t("error.http", { status: error.status });
  }
  return String(error);
}

export class CreateTableForm {
  constructor(form, games) {
    this.form = form;
    this.games = games.filter((g) => g.game === "quizpoker");
    this.el = (id) => byId(id);
    this.fillSelects();
    this.applyDefaults();
    this.el("create-player-name").value = savedName();
    this.el("ruleset").addEventListener("change", () => this.applyDefaults());
    this.el("seats").addEventListener("change", () => this.limitBots());
    this.el("turn-clock-on").addEventListener("change", () => this.syncClock());
    this.el("create-sit").addEventListener("change", () => this.syncSit());
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    onLanguageChange(() => this.fillSelects());
    this.syncClock();
    this.syncSit();
  }

  game() {
    const name = this.el("ruleset").value;
    return this.games.find((g) => g.name === name) || this.games[0];
  }

  fillSelects() {
    const ruleset = this.el("ruleset");
    const chosen = ruleset.value || "quizpoker";
    ruleset.replaceChildren(
      ...this.games.map((g) => new Option(rulesetName(g.options.ruleset), g.name)),
    );
    ruleset.value = chosen;
    const kinds = this.el("bot-kind");
    const kind = kinds.value || "heuristic";
    const bots = this.games[0]?.bots || ["heuristic", "random"];
    kinds.replaceChildren(...bots.map((b) => new Option(t(`botKind.${b}`), b)));
    kinds.value = bots.includes(kind) ? kind : bots[0];
    const language = this.el("question-language");
    const lang = language.value;
    language.replaceChildren(...QUESTION_LANGUAGES.map((c) => new Option(languageName(c), c)));
    if (lang) language.value = lang;
    this.describeRuleset();
  }

  describeRuleset() {
    const options = this.game()?.options;
    if (!options) return;
    this.el("ruleset-hint").textContent = t(`ruleset.${options.ruleset}.about`, {
      min: options.min_players,
      max: options.max_players,
    });
    this.el("stack-hint").textContent =
      options.chip_unit > 1 ? t("create.stackHint", { unit: formatNumber(options.chip_unit) }) : "";
  }

  applyDefaults() {
    const options = this.game()?.options;
    if (!options) return;
    const seats = this.el("seats");
    seats.min = options.min_players;
    seats.max = options.max_players;
    const count = Math.min(Math.max(Number(seats.value) || 4, options.min_players), options.max_players);
    seats.value = count;
    const stack = this.el("starting-stack");
    stack.step = options.chip_unit;
    stack.min = options.chip_unit;
    stack.value = options.starting_stack;
    this.el("question-language").value = QUESTION_LANGUAGES.includes(options.language)
      ? options.language
      : "en";
    this.el("software-gm-row").hidden = !options.game_master;
    const name = this.el("table-name");
    name.placeholder = t("create.defaultName", { ruleset: rulesetName(options.ruleset) });
    this.limitBots();
    this.describeRuleset();
  }

  limitBots() {
    const seats = Number(this.el("seats").value) || 2;
    const bots = this.el("bots");
    bots.max = Math.max(0, seats - 1); // at least one seat for a person, or nobody could start it
    if (Number(bots.value) > seats - 1) bots.value = seats - 1;
  }

  syncClock() {
    this.el("turn-clock").disabled = !this.el("turn-clock-on").checked;
  }

  syncSit() {
    this.el("create-player-name").disabled = !this.el("create-sit").checked;
  }

  /** Field problems as [inputId, message]; the first one gets focus. */
  problems() {
    const options = this.game().options;
    const out = [];
    const int = (id) => Number(this.el(id).value);
    const seats = int("seats");
    if (!Number.isInteger(seats) || seats < options.min_players || seats > options.max_players) {
      out.push(["seats", t("create.errSeats", { min: options.min_players, max: options.max_players })]);
    }
    const bots = int("bots");
    if (!Number.isInteger(bots) || bots < 0 || bots >= seats) {
      out.push(["bots", t("create.errBots", { max: Math.max(0, seats - 1) })]);
    }
    const stack = int("starting-stack");
    if (!Number.isInteger(stack) || stack < options.chip_unit || stack % options.chip_unit) {
      out.push(["starting-stack", t("create.errStack", { unit: options.chip_unit })]);
    }
    if (this.el("turn-clock-on").checked) {
      const clock = int("turn-clock");
      if (!(clock >= 1 && clock <= 3600)) out.push(["turn-clock", t("create.errClock")]);
    }
    const delay = int("bot-delay");
    if (!(delay >= 0 && delay <= 10)) out.push(["bot-delay", t("create.errDelay")]);
    if (this.el("create-sit").checked && !this.el("create-player-name").value.trim()) {
      out.push(["create-player-name", t("join.errName")]);
    }
    return out;
  }

  body() {
    const g = this.game();
    const options = {
      ruleset: g.options.ruleset,
      starting_stack: Number(this.el("starting-stack").value),
      language: this.el("question-language").value,
    };
    const questions = this.el("questions").value.trim();
    if (questions && questions !== "builtin") options.questions = questions;
    if (g.options.game_master && this.el("software-gm").checked) {
      options.software_game_master = true;
    }
    const name = this.el("table-name").value.trim() || this.el("table-name").placeholder;
    return {
      game: g.game,
      name,
      options,
      seats: Number(this.el("seats").value),
      bots: Number(this.el("bots").value),
      bot_kind: this.el("bot-kind").value,
      turn_clock: this.el("turn-clock-on").checked ? Number(this.el("turn-clock").value) : null,
      bot_delay: Number(this.el("bot-delay").value),
      bot_takeover: this.el("bot-takeover").checked,
    };
  }

  async submit() {
    const error = this.el("create-error");
    for (const input of this.form.querySelectorAll("[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
    }
    const problems = this.problems();
    if (problems.length) {
      for (const [id] of problems) this.el(id).setAttribute("aria-invalid", "true");
      error.textContent = problems.map(([, message]) => message).join(" ");
      this.el(problems[0][0]).focus();
      return;
    }
    error.textContent = "";
    const button = this.el("create-submit");
    button.disabled = true;
    try {
      const table = await api.createTable(this.body());
      if (this.el("create-sit").checked) {
        const name = this.el("create-player-name").value.trim();
        saveName(name);
        const seat = await api.join(table.id, name);
        rememberSeat(table.id, { token: seat.token, seat: seat.seat, name });
      }
      location.assign(tableUrl(table.id));
    } catch (err) {
      error.textContent = errorText(err);
      button.disabled = false;
    }
  }
}
