// @ts-check
/**
 * What the board and Python say to each other: the synced traits (their shapes), the
 * messages the board sends, and the replies it reads.
 *
 * Python is the single source of truth. The board only draws what the traits hold (`plan`,
 * `view`, `choice`, `last_roll`, `log_entries`, `error`, `rev`, `game_serial`, `auto_roll`,
 * `saved`, `marks`, `question`, `panels`, `edit_mode`, `hinting`, `seat`, `cover`,
 * `outline`, `narration`, `presenting`) and sends
 * the player's intents, each stamped with the position on screen (`rev`, and `game`, the
 * `game_serial`) so Python refuses one made on a position the game has left:
 * `{kind: "choose", option}`, `{kind: "step"}` (roll the pending dice), `{kind: "undo"}`,
 * `{kind: "redo"}`, `{kind: "answer", region}` (the learner's answer to the board's
 * question), `{kind: "hint"}`, `{kind: "reveal"}` (the hot seat's cover clicked),
 * `{kind: "page", by}` (presenter mode's → and ←, `by` 1 or -1); and, not
 * stamped, `{kind: "auto_roll", value}`. One question: `{kind: "why_not", region, rev, game}`
 * (why is this place not a choice now?), which Python answers with a `why_not` reply carrying
 * the engine's reason. Every message is acknowledged with an `ack` reply, so the board takes
 * clicks again. It never decides what is legal: a click maps to the id of an option Python
 * listed, and Python's game judges it. It reads facts from named fields only, never from the
 * text of the log. The board tells Python the size of its place through the `room` trait.
 * Unknown fields of a trait or a reply are ignored (an `ack` may carry a `code`; an
 * `error_code` may come with `error`).
 */

// --- the traits ----------------------------------------------------------------------------

/**
 * The printed board, once per game (`plan`):
 * @typedef {{colour: string, n: number}} SquareNumber
 * @typedef {{id: string, x: number, y: number, nums: SquareNumber[],
 *   radio: boolean}} SquareSpec
 * @typedef {{n: number, colour: string, circles: number, sappers: number[]}} TrackSpec
 * @typedef {{id: string, name: string, short: string, locs: number[],
 *   actions: string[], terms?: string[]}} UnitSpec
 * @typedef {{name: string, attack: number, suppress: number, specials: string, cost: number,
 *   reserves: boolean}} SovietSpec
 * @typedef {{name: string, special: string, attack: number, suppress: number,
 *   cost: number}} WeaponSpec
 * @typedef {{name: string, kind: string, attack: number, suppress: number,
 *   defense: number}} WehrmachtType
 * @typedef {[string, string, string]} Term  word, meaning, rule (engine/glossary.py)
 * @typedef {{squares: SquareSpec[], tracks: TrackSpec[], units: UnitSpec[],
 *   locNames: Record<string, string>, defense: {start: number, min: number, max: number},
 *   soviet: Record<string, SovietSpec>, weapons: Record<string, WeaponSpec>,
 *   wtypes: Record<string, WehrmachtType>,
 *   sovietCards: Record<string, string[]>, tokens: Record<string, string>,
 *   specials: Record<string, string>, colours: string[],
 *   glossary?: Record<string, Term>}} Plan
 */

/**
 * Where everything is now (`view`; Python's `widget/view.py` game_view):
 * @typedef {{where: string, exhausted: boolean, disrupted: boolean,
 *   marker: string}} CounterState
 * @typedef {{where: string, crew: string[]}} WeaponState
 * @typedef {{id: string, type: string, defense: number}} CircleCounter
 * @typedef {Record<string, number>} TokenCounts  how many tokens of each kind
 * @typedef {{total: number, raids: number, defenders: number, attackers: number,
 *   support: number}} Score
 * @typedef {{card: string, used: boolean}} HandCard
 * @typedef {{id: string, name: string, kind?: string, kindLabel?: string, deck?: number,
 *   lines: string[], brief?: string[]}} FaceCard  a Wehrmacht or Tactics card face up
 * @typedef {{id: string, name: string, kind: string, kindLabel: string, deck: number,
 *   lines: string[], brief?: string[]}} WehrmachtCard
 * @typedef {{id: string, name: string, colour: string, defense: number,
 *   vp: number}} StormCard
 * @typedef {{wehrmacht: number, wehrmachtDone: number, soviet: number, discard: number,
 *   fog: number}} Decks
 * @typedef {{id: string, name: string, vp: number, tokens: Record<string, number>,
 *   locs: number[]}} SupportCard
 * @typedef {{active: boolean, card: SupportCard | null, deck: number,
 *   won: string[]}} OperationalSupport  7.1
 * @typedef {{id: string, name: string, lines: string[]}} TacticsCard
 * @typedef {{level: string, cards: TacticsCard[], deck: number}} Tactics  7.2
 * @typedef {{score: number, raid_vp: number, support_vp: number, defenders: number,
 *   attackers: number, turn: number, result: string, level: string, award: string,
 *   how: string, how_text: string}} Outcome
 * @typedef {{sees: boolean, hand: FaceCard[], handCount: number, orders: FaceCard[],
 *   ordersCount: number, tactics: FaceCard[], tacticsCount: number,
 *   chosen: FaceCard | null, chosenCount: number}} GermanCards  7.4
 * @typedef {{turn: number, turns: number, turnLine?: string, phase: string, phaseLabel: string,
 *   actionsLeft: number, movesLeft: number, cardsInPhase: number, score: Score,
 *   defense: Record<string, number>, soviet: Record<string, CounterState>, moved: string[],
 *   stock: string[], stockWeapons: string[], casualties: string[],
 *   weapons: Record<string, WeaponState>, weaponsLost: string[],
 *   tracks: Array<Array<CircleCounter | null>>, wstock: number,
 *   tokens: Record<string, TokenCounts>, stockTokens: TokenCounts, hand: HandCard[],
 *   handHidden: number, wcard: WehrmachtCard | null,
 *   wplayed: Array<{id: string, name: string}>, storm: StormCard | null,
 *   stormWon: string[], stormLost: number, decks: Decks, os: OperationalSupport,
 *   tactics: Tactics, outcome: Outcome | null, canUndo: boolean, canRedo: boolean,
 *   german?: GermanCards}} View
 */

/**
 * The pending choice (`choice`), the dice (`last_roll`), the log (`log_entries`):
 * @typedef {{id: string, label: string, targets: string[], term?: string}} Opt
 * @typedef {{result: string, fraction: string, percent: number}} Odds
 * @typedef {{kind: string, op: string, prompt: string, rule: string, options: Opt[],
 *   dice: number, odds: Odds[], waiting?: string[], tone?: string, notice?: string}} Choice
 *   kind: decision, chance, wait, over (or cover, edit); tone: an answered question's
 *   feedback (op "feedback"), "right", "wrong" or ""; notice: the choices the rules made
 *   unasked since the last drawing, in whole sentences ("Only location 13 could take …")
 * @typedef {{n?: number, turn?: number, dice?: number[], label?: string, result?: string,
 *   success?: boolean | null, hits?: number | null, marks?: boolean[] | null,
 *   rule?: string}} Roll  empty before the first roll
 * @typedef {{n: number, turn: number, text: string, rule: string, dice?: number[],
 *   kind?: string}} LogLine
 */

/**
 * The rest of the traits (each `{}` when not in use):
 * @typedef {{path?: string, name?: string, rev?: number, auto?: boolean}} Saved
 * @typedef {{region: string, style: string}} Mark
 * @typedef {{prompt?: string, regions?: string[]}} Question
 * @typedef {{tool?: string, toolId?: string, resume?: string, json?: string,
 *   problems?: number}} EditMode
 * @typedef {{on?: boolean, thinking?: boolean, text?: string, rev?: number,
 *   game?: number, option?: string}} Hinting
 * @typedef {{role?: string, side?: string, name?: string, hot?: boolean}} Seat
 * @typedef {{to?: string, name?: string, text?: string, rule?: string}} Cover
 * @typedef {{width: number, height: number}} Room  set by the board only (CSS px)
 * @typedef {{key?: string, place: string, text: string, items?: OutlineLine[]}} OutlineLine
 *   one sentence of the board as text, about one place ("" for none); `key` (unique) when
 *   it is not the place
 * @typedef {{key: string, title: string, lines: OutlineLine[]}} OutlineSection
 * @typedef {{label?: string, dice?: number[], marks?: boolean[] | null, result?: string,
 *   odds?: string}} NarrationRoll  a walkthrough step's dice, with the odds of their result
 * @typedef {{title?: string, heading?: string, mode?: string, text?: string, rule?: string,
 *   played?: string, look?: string, message?: string, next?: string,
 *   roll?: NarrationRoll}} Narration  what a walkthrough says at its step, each field a
 *   whole line (`narration_view` in Python)
 */

/**
 * Every trait the board reads.
 * @typedef {{plan: Plan, view: View, choice: Choice, last_roll: Roll,
 *   log_entries: LogLine[], error: string, rev: number, game_serial: number,
 *   auto_roll: boolean, saved?: Saved, marks?: Mark[], focus?: string[],
 *   question?: Question, panels?: string[], edit_mode?: EditMode, hinting?: Hinting,
 *   seat?: Seat, cover?: Cover, outline?: OutlineSection[], narration?: Narration,
 *   presenting?: boolean}} BoardData  (`focus`: the places that matter now, which the board
 *   keeps in view; `outline`: the board as text; `narration` and `presenting`: presenter
 *   mode, `present.js`)
 */

/** The traits the board reads, in the order of BoardData. */
export const TRAITS = /** @type {const} */ ([
  "plan", "view", "choice", "last_roll", "log_entries", "error", "rev", "game_serial", "auto_roll",
  "saved", "marks", "focus", "question", "panels", "edit_mode", "hinting", "seat", "cover",
  "outline", "narration", "presenting",
]);

// --- the messages --------------------------------------------------------------------------

/**
 * An intent before the board stamps it with the position on screen:
 * @typedef {{kind: "choose", option: string} | {kind: "answer", region: string}
 *   | {kind: "step"} | {kind: "undo"} | {kind: "redo"} | {kind: "hint"}
 *   | {kind: "reveal"} | {kind: "page", by: number}} Intent
 * @typedef {{rev: number, game: number}} Stamp  the position on screen
 * @typedef {{kind: "why_not", region: string, rev: number, game: number}} WhyNotQuestion
 * @typedef {{kind: "auto_roll", value: boolean}} AutoRoll
 * @typedef {(Intent & Stamp) | WhyNotQuestion | AutoRoll} Outgoing  what the board sends
 */

/**
 * The replies Python sends (custom messages):
 * @typedef {{kind: "ack", ok: boolean, rev?: number, code?: string}} Ack  a message was
 *   taken (ok) or refused (the reason is in the `error` trait; `code` names it)
 * @typedef {{kind: "why_not", region: string, rev: number, game: number, text: string,
 *   rule: string}} WhyNotAnswer  the engine's reason ("" when the place is a choice)
 * @typedef {Ack | WhyNotAnswer} Reply
 */

/**
 * A reply from Python, read: an `ack` or a `why_not` answer (unknown fields left out), or
 * null for anything else.
 * @param {unknown} msg @returns {Reply | null}
 */
export function readReply(msg) {
  if (!msg || typeof msg !== "object") return null;
  const m = /** @type {Record<string, unknown>} */ (msg);
  if (m.kind === "ack") {
    /** @type {Ack} */
    const ack = { kind: "ack", ok: !!m.ok };
    if (typeof m.rev === "number") ack.rev = m.rev;
    if (typeof m.code === "string") ack.code = m.code;
    return ack;
  }
  if (m.kind === "why_not" && typeof m.region === "string") {
    return {
      kind: "why_not", region: m.region, rev: Number(m.rev), game: Number(m.game),
      text: String(m.text ?? ""), rule: String(m.rule ?? ""),
    };
  }
  return null;
}

/**
 * What the board is fed by: the widget's model (live) or a saved state (a static picture).
 * @typedef {{get: <K extends keyof BoardData>(name: K) => BoardData[K],
 *   send: (msg: Outgoing) => void,
 *   on: (cb: () => void) => void, off: (cb: () => void) => void,
 *   onAck: (cb: (msg: unknown) => void) => void, offAck: (cb: (msg: unknown) => void) => void,
 *   interactive: boolean, report?: (room: Room) => void,
 *   present?: (on: boolean) => void}} Source  `report` tells Python the board's room,
 *   `present` whether it presents (the `presenting` trait); a saved picture has neither
 */

/** Every trait, read now. @param {Source} src @returns {BoardData} */
export function readTraits(src) {
  /** @type {any} */
  const out = {};
  for (const t of TRAITS) out[t] = src.get(t);
  return out;
}

/**
 * Which part of the position editor's palette an option is (issue 13): a tool (`tool:*`),
 * an action (`act:*`), or "" for an option of the game.
 * @param {string} optionId @returns {"tool" | "act" | ""}
 */
export function paletteRole(optionId) {
  if (optionId.startsWith("tool:")) return "tool";
  if (optionId.startsWith("act:")) return "act";
  return "";
}
