// Drawing cards: the canonical text of a card ("10H", "AS") split into rank
// and suit, with the four French suits as symbols and red hearts and
// diamonds; any other suit letter is shown as it is written.
"use strict";

const FRENCH = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};

// {rank, suit} of a card text, given the deck's suit letters (longest first).
// A later copy of a card ("AS#2", several packs) keeps its number after the
// rank; a card of no suit ("EX") is all rank.
function splitCard(text, suits) {
  const copy = (text.match(/#\d+$/) || [""])[0];
  const base = text.slice(0, text.length - copy.length);
  for (const s of suits) if (base.endsWith(s) && base.length > s.length) return {rank: base.slice(0, -s.length) + copy, suit: s};
  return {rank: text, suit: ""};
}

// A card element; `onPick` makes it a button (a legal card).
function cardElement(text, suits, onPick) {
  const el = document.createElement(onPick ? "button" : "span");
  el.className = "card";
  if (!text) {
    el.classList.add("back");
    el.textContent = "\u{1F0A0}";
    el.title = "face down";
    return el;
  }
  const {rank, suit} = splitCard(text, suits);
  const french = Object.keys(FRENCH).every(k => suits.includes(k)) && suits.length === 4;
  const rankEl = document.createElement("span");
  rankEl.className = "rank";
  rankEl.textContent = rank;
  const suitEl = document.createElement("span");
  suitEl.className = "suit";
  suitEl.textContent = french ? FRENCH[suit] : suit;
  el.append(rankEl, suitEl);
  el.dataset.card = text;
  if (suit === "H" || suit === "D") el.classList.add("red");
  el.setAttribute("aria-label", text);
  if (onPick) {
    el.type = "button";
    el.classList.add("legal");
    el.addEventListener("click", onPick);
  }
  return el;
}

// "♥" for a suit letter of a French deck, else the letter.
function suitText(letter, suits) {
  const french = suits.length === 4 && Object.keys(FRENCH).every(k => suits.includes(k));
  return french && FRENCH[letter] ? FRENCH[letter] + " (" + letter + ")" : letter;
}
