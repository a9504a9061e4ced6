/* The question panel: hand and betting round, the question, the hints and the answer as they
   are revealed, and for the duell's game master the card they read out (DU2). */

import { byId, fill, h, show } from "../../dom.js";
import { currentLanguage, formatDecimal, formatNumber, t } from "../../i18n.js";

function formatDate(iso) {
  const date = new Date(`${iso}T00:00:00`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "long" }).format(date);
}

function handInfo(view) {
  const hand = view.hand;
  const parts = [t("question.hand", { number: hand.number })];
  if (hand.round) parts.push(t("question.round", { round: hand.round }));
  parts.push(
    t("question.blinds", { small: formatNumber(hand.blinds.small), big: formatNumber(hand.blinds.big) }),
  );
  if (view.ruleset === "duell") parts.push(t("question.orbit", { orbit: view.orbit }));
  return parts.join(" · ");
}

/* What was revealed when the panel was last drawn, so a hint or the answer that has just
   come out can be marked `just-revealed` (a short flip in quizpoker.css, none under reduced
   motion). Nothing is marked on the first drawing of a hand (a reload, joining late). */
let seen = { hand: null, revealed: new Set() };

function newlyRevealed(hand) {
  const revealed = new Set([0, 1].filter((i) => hand.hints[i]));
  if (hand.answer !== null && hand.answer !== undefined) revealed.add("answer");
  const fresh = seen.hand === hand.number ? [...revealed].filter((r) => !seen.revealed.has(r)) : [];
  seen = { hand: hand.number, revealed };
  return new Set(fresh);
}

export function renderQuestion(model) {
  const view = model.view;
  const hand = view.hand;
  const q = hand.question;
  const questionLanguage = model.info?.options?.language || "en";
  byId("hand-info").textContent = handInfo(view);
  const question = byId("question");
  question.textContent = q.text;
  question.lang = questionLanguage;

  const meta = [];
  if (q.topic) meta.push(t("question.topic", { topic: q.topic }));
  if (q.unit) meta.push(t("question.unit", { unit: q.unit }));
  if (q.as_of) meta.push(t("question.asOf", { date: formatDate(q.as_of) }));
  byId("question-meta").textContent = meta.join(" · ");

  const fresh = newlyRevealed(hand);
  fill(
    byId("hints"),
    [0, 1].map((i) => {
      const text = hand.hints[i];
      const classes = text ? "hint revealed" : "hint pending";
      return h(
        "li",
        { class: fresh.has(i) ? `${classes} just-revealed` : classes, "data-testid": `hint-${i + 1}` },
        h("span", { class: "hint-label" }, t("question.hintLabel", { number: i + 1 })),
        " ",
        text
          ? h("span", { lang: questionLanguage }, text)
          : h("span", { class: "muted" }, t("question.notYet")),
      );
    }),
  );

  const answer = byId("answer");
  if (hand.answer !== null && hand.answer !== undefined) {
    const shown = formatDecimal(hand.answer);
    const value = q.unit ? `${shown} ${q.unit}` : shown;
    fill(
      answer,
      h("span", { class: "hint-label" }, t("question.answerLabel")),
      " ",
      h("strong", { class: "answer-value" }, value),
      hand.source ? h("span", { class: "muted source" }, ` ${t("question.source", { source: hand.source })}`) : null,
    );
    answer.classList.add("revealed");
    answer.classList.toggle("just-revealed", fresh.has("answer"));
  } else {
    fill(
      answer,
      h("span", { class: "hint-label" }, t("question.answerLabel")),
      " ",
      h("span", { class: "muted" }, t("question.answerLater")),
    );
    answer.classList.remove("revealed", "just-revealed");
  }

  const card = hand.card;
  const gm = byId("gm-card");
  show(gm, Boolean(card));
  if (card) {
    // Folded until asked for: the game master sits the hand out, and the open card would push
    // their own seat below the fold. It stays as the reader left it while the hand goes on.
    const open = Boolean(gm.querySelector("details")?.open);
    fill(
      gm,
      h(
        "details",
        { open },
        h("summary", {}, h("h3", {}, t("question.gmCardHeading"))),
        h("p", { class: "muted" }, t("question.gmCardHint")),
        h(
          "dl",
          { lang: questionLanguage },
          h("dt", {}, t("question.hintLabel", { number: 1 })),
          h("dd", {}, card.hint1),
          h("dt", {}, t("question.hintLabel", { number: 2 })),
          h("dd", {}, card.hint2),
          h("dt", {}, t("question.answerLabel")),
          h("dd", {}, formatDecimal(card.answer)),
        ),
      ),
    );
  }
}
