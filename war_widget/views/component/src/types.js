// @ts-check
// The shapes Python sends the table and the messages the table sends back, as JSDoc types for
// `tsc --checkJs` (`npm run typecheck`): War's setup, beats, state and chart, Casino War's and
// Steal War's traits, every `{do: ...}` message and the one custom message to the page.
// Each `@typedef {object}` here has a TypedDict of the same name and the same keys in
// war_widget/views/component/messages.py (tests/js/test_types.py compares the two); an optional
// property (`[name]`) is a `NotRequired` key there.
// Types only: nothing here is bundled (esbuild drops a module no code imports).

// --- anywidget's model, typed by the traits it holds and the messages it sends --------------

/**
 * The part of anywidget's model a renderer uses: `get`/`set` of a trait by its name (a name not
 * among `T`'s keys is a type error), `send` of a message `M`, listeners by event name.
 * @template {object} T
 * @template {object} M
 * @typedef {object} Model
 * @property {<K extends keyof T>(name: K) => T[K]} get
 * @property {<K extends keyof T>(name: K, value: T[K]) => void} set
 * @property {() => void} save_changes
 * @property {(msg: M) => void} send
 * @property {(event: string, handler: (...args: any[]) => void) => void} on
 * @property {(event: string, handler: (...args: any[]) => void) => void} off
 */

/** @typedef {"slow" | "normal" | "fast"} Speed */
/** @typedef {Record<string, number[][]>} Pips  rank -> the pips' spots (views/cards.PIPS) */

// --- War: the traits of TableComponent (views/component/widget.py) --------------------------

/**
 * What stays for a game (trait `setup`, TableComponent._setup).
 * @typedef {object} WarSetup
 * @property {string[]} names
 * @property {"cpu" | "two_player" | "watch"} mode
 * @property {boolean} guess
 * @property {number} players
 * @property {string} rules_line
 * @property {string} lang
 * @property {Record<string, number>} values
 * @property {string} code
 * @property {number} total
 * @property {Record<string, string>} words
 * @property {number | null} limit
 * @property {boolean} chart
 * @property {boolean} panel
 * @property {boolean} animate
 * @property {Pips} pips
 * @property {NumberLine | null} number_line
 */

/**
 * The number line under the cards (SessionPlay.number_line).
 * @typedef {object} NumberLine
 * @property {number} low
 * @property {number} high
 */

/** A card on the table: [seat, card code, 1 face up / 0 down, battle]. @typedef {[number, string, number, number]} TableItem */

/**
 * What the table shows after one beat (SessionPlay._view).
 * @typedef {object} BeatView
 * @property {number[]} hands
 * @property {number[]} won
 * @property {TableItem[]} table
 * @property {number[]} out
 * @property {number | null} progress
 * @property {string} progress_text
 * @property {number[]} waiting
 * @property {string | null} aid
 * @property {string | null} banner
 * @property {number | null} winner
 * @property {boolean} asking
 * @property {"right" | "wrong" | null} feedback
 * @property {boolean} over
 * @property {number[][]} numbers
 */

/**
 * "Which is bigger?" in the number mode's words (text/number_mode.Question).
 * @typedef {object} Question
 * @property {string} text
 * @property {Record<string, string>} buttons
 */

/**
 * How an answer was graded (the first beat after an answer).
 * @typedef {object} Graded
 * @property {boolean} right
 * @property {string} [given]
 */

/**
 * One beat of War (SessionPlay._beat; `id` added by TableComponent._push).
 * @typedef {object} WarBeat
 * @property {string} kind
 * @property {BeatView} view
 * @property {string} say
 * @property {number} round
 * @property {Question | null} question
 * @property {string} round_text
 * @property {number[]} counts
 * @property {string} label
 * @property {number[] | null} point
 * @property {boolean} war
 * @property {boolean} cut
 * @property {number[]} score
 * @property {string} code
 * @property {number} id
 * @property {Graded} [answer]
 */

/**
 * The session's values the controls show (trait `state`, TableComponent._state).
 * @typedef {object} WarState
 * @property {boolean} autoplay
 * @property {Speed} speed
 * @property {string} notice
 * @property {boolean} resume
 * @property {boolean} back
 * @property {boolean} clock  the time limit runs: send a ClockMessage once a second (clock.js)
 */

/**
 * A part of the chart's series (traits `chart_head`, `chart_mid`, `chart_tail`).
 * @typedef {object} ChartPart
 * @property {number} game
 * @property {number} start
 * @property {number[][]} counts
 * @property {number[]} wars
 */

/**
 * A row of the settings panel (panel.settings): a select (`options`, `index`), a check box
 * (`on`) or a button; `group` "main" (what a teacher changes most) or "more" (under "More rules").
 * @typedef {object} SettingRow
 * @property {string} name
 * @property {string} label
 * @property {"select" | "check" | "button"} kind
 * @property {string[]} [options]
 * @property {number} [index]
 * @property {boolean} [on]
 * @property {"main" | "more"} [group]
 */

/**
 * The synced traits of TableComponent (tests/js/test_types.py: the same names).
 * @typedef {object} WarTraits
 * @property {WarSetup} setup
 * @property {WarBeat[]} beats
 * @property {number} shown
 * @property {ChartPart} chart_head
 * @property {ChartPart} chart_mid
 * @property {ChartPart} chart_tail
 * @property {WarState} state
 * @property {SettingRow[]} settings
 * @property {string} results
 * @property {boolean} read_aloud  read each sentence aloud (speech.js; the page writes it too)
 */

// --- War: the messages the table sends (TableComponent.actions) -------------------

/** @typedef {object} WarPlainMessage  an action with nothing more to say
 * @property {"flip" | "step" | "back" | "fast_forward" | "new_game" | "tick" | "resume"} do */
/** @typedef {object} PressMessage  two players: a seat presses its button
 * @property {"press"} do
 * @property {number} seat */
/** @typedef {object} ReplayMessage
 * @property {"replay"} do
 * @property {string} code */
/** @typedef {object} AnswerMessage
 * @property {"answer"} do
 * @property {">" | "=" | "<"} symbol */
/** @typedef {object} GotoMessage  a click on the chart (`war`: the round of a war marker)
 * @property {"goto"} do
 * @property {number} round
 * @property {number} [war] */
/** @typedef {object} ClockMessage  while `state.clock`, once a second: this page (`view`) has shown
 * the table `ms` milliseconds since its last clock message (WarSession.keep_time)
 * @property {"clock"} do
 * @property {number} ms
 * @property {string} view */
/** @typedef {object} AutoplayMessage
 * @property {"autoplay"} do
 * @property {boolean} on */
/** @typedef {object} SpeedMessage
 * @property {"speed"} do
 * @property {string} speed */
/** @typedef {object} SetMessage  the settings panel: a select's `index`, a check box's `on`, or a button
 * @property {"set"} do
 * @property {string} name
 * @property {number} [index]
 * @property {boolean} [on] */
/** @typedef {object} PlotlyRequest  any table: send plotly.js (views/plotly_source.py)
 * @property {"plotly_js"} do */

/** @typedef {WarPlainMessage | PressMessage | ReplayMessage | AnswerMessage | GotoMessage | ClockMessage | AutoplayMessage | SpeedMessage | SetMessage} WarAction */
/** @typedef {WarAction | PlotlyRequest} WarMessage */

/** The custom message to the page: plotly.js, once (views/plotly_source.answer).
 * @typedef {object} PlotlyMessage
 * @property {string} plotly_js */

/** @typedef {Model<WarTraits, WarMessage>} WarModel */

/** What asks for plotly.js (chart.js loadPlotly): any of the three tables' models.
 * @typedef {Pick<Model<object, PlotlyRequest>, "send" | "on" | "off">} PlotlyAsker */

// --- Casino War: the traits of CasinoWarWidget (views/casino.py) ----------------------------

/**
 * @typedef {object} CasinoSetup
 * @property {string} lang
 * @property {number[]} chips
 * @property {number} width
 * @property {Record<string, string>} words
 * @property {Pips} pips
 */

/** A face-up card (its slot, code, spot and place in the order dealt).
 * @typedef {object} CasinoCard
 * @property {string} slot
 * @property {string} code
 * @property {number} x
 * @property {number} y
 * @property {number} order */
/** A burnt card, face down.
 * @typedef {object} CasinoBack
 * @property {number} x
 * @property {number} y
 * @property {number} order */
/** @typedef {object} Spot
 * @property {number} x
 * @property {number} y */
/** A word drawn on the table.
 * @typedef {object} CasinoText
 * @property {string} text
 * @property {number} x
 * @property {number} y
 * @property {number} px
 * @property {string} colour
 * @property {CanvasTextAlign} align
 * @property {string} role */

/**
 * The table's picture in table units (casino_table, trait `table`, with its beat `id`).
 * @typedef {object} CasinoTable
 * @property {number} w
 * @property {number} h
 * @property {[number, number]} card
 * @property {number} rank_px
 * @property {CasinoCard[]} cards
 * @property {CasinoBack[]} backs
 * @property {Spot[]} slots
 * @property {CasinoText[]} text
 * @property {number | null} hand
 * @property {number} id
 */

/**
 * What may be pressed (trait `controls`): the chips by amount, each button, the tie bet toggle.
 * @typedef {object} CasinoControls
 * @property {Record<string, boolean>} chips
 * @property {boolean} clear
 * @property {boolean} deal
 * @property {boolean} war
 * @property {boolean} surrender
 * @property {boolean} tie
 * @property {boolean} tie_locked
 * @property {boolean} new
 */

/**
 * The bankroll series (trait `chart`).
 * @typedef {object} CasinoChart
 * @property {number[]} x
 * @property {number[]} y
 * @property {number[]} tie_x
 * @property {number[]} tie_y
 * @property {number} start
 */

/**
 * @typedef {object} CasinoTraits
 * @property {"casino"} game_kind
 * @property {CasinoSetup} setup
 * @property {CasinoTable} table
 * @property {CasinoControls} controls
 * @property {string} status
 * @property {string} rules
 * @property {string} bet_line
 * @property {CasinoChart} chart
 * @property {number} shown
 */

/** @typedef {object} CasinoPlainMessage
 * @property {"clear" | "war" | "surrender" | "new"} do */
/** @typedef {object} ChipMessage
 * @property {"chip"} do
 * @property {number} amount */
/** @typedef {object} TieMessage
 * @property {"tie"} do
 * @property {boolean} on */
/** @typedef {object} DealMessage  Deal names the picture it was pressed on (`on`: its id)
 * @property {"deal"} do
 * @property {number} [on] */
/** @typedef {CasinoPlainMessage | ChipMessage | TieMessage | DealMessage} CasinoAction */
/** @typedef {CasinoAction | PlotlyRequest} CasinoMessage */
/** @typedef {Model<CasinoTraits, CasinoMessage>} CasinoModel */

// --- Steal War: the traits of StealWarWidget (views/steal/) ---------------------------------

/**
 * @typedef {object} StealSetup
 * @property {string} lang
 * @property {number} width
 * @property {Pips} pips
 * @property {Record<string, string>} words
 * @property {string[]} opponents
 * @property {string} code  the game number, shown in its box as War's ("": a scripted deal)
 */

/** A card of the picture (`code` null: face down).
 * @typedef {object} StealCard
 * @property {string | null} code
 * @property {number} x
 * @property {number} y
 * @property {string} tag
 * @property {boolean} highlight */
/** @typedef {object} StealSlot
 * @property {number} x
 * @property {number} y
 * @property {string} tag */
/** @typedef {object} StealBadge
 * @property {number} x
 * @property {number} y
 * @property {number} n
 * @property {string} colour
 * @property {string} tag */
/** @typedef {object} StealRing
 * @property {number} x
 * @property {number} y
 * @property {number} w
 * @property {number} h
 * @property {string} tag */
/** @typedef {object} StealText
 * @property {string} text
 * @property {number} x
 * @property {number} y
 * @property {number} px
 * @property {string} colour
 * @property {CanvasTextAlign} align
 * @property {string} tag */
/** A spot a click acts on: steal `victim`'s pile, choose `card` for your top, or flip.
 * @typedef {object} StealHit
 * @property {number} x
 * @property {number} y
 * @property {number} w
 * @property {number} h
 * @property {"steal" | "choose" | "flip"} do
 * @property {number} [victim]
 * @property {string} [card] */

/**
 * The whole table in table units (views/steal/table.steal_picture).
 * @typedef {object} StealPicture
 * @property {number} w
 * @property {number} h
 * @property {[number, number]} card
 * @property {number} rank_px
 * @property {StealCard[]} cards
 * @property {StealSlot[]} slots
 * @property {StealBadge[]} badges
 * @property {StealRing[]} rings
 * @property {StealText[]} text
 * @property {StealHit[]} hits
 */

/** A pile flying from one spot to another (its top card's code; null: face down).
 * @typedef {object} StealMove
 * @property {string | null} code
 * @property {number} size
 * @property {[number, number]} from
 * @property {[number, number]} to */

/**
 * One beat of Steal War (table.steal_beat, or where the game stands: no `round`, `counts`,
 * `base`); `id` and `cut` added by StealWarWidget._push.
 * @typedef {object} StealBeat
 * @property {StealPicture} picture
 * @property {string} sentence
 * @property {StealMove[]} moves
 * @property {number} id
 * @property {boolean} cut
 * @property {number} [round]
 * @property {number[]} [counts]
 * @property {StealPicture} [base]
 */

/** A won card you may put on top of your pile.
 * @typedef {object} StealTop
 * @property {string} code
 * @property {string} name
 * @property {string} tip */

/**
 * What may be pressed (trait `controls`).
 * @typedef {object} StealControls
 * @property {string} flip_word
 * @property {boolean} flip
 * @property {boolean} steal
 * @property {boolean} step
 * @property {boolean} back
 * @property {boolean} new
 * @property {string} opponent
 * @property {boolean} auto_top
 * @property {StealTop[]} tops
 */

/**
 * @typedef {object} StealTraits
 * @property {"steal"} game_kind
 * @property {StealSetup} setup
 * @property {StealBeat[]} beats
 * @property {StealControls} controls
 * @property {string} rules
 * @property {number} shown
 */

/** @typedef {object} StealPlainMessage
 * @property {"flip" | "step" | "back" | "new"} do */
/** @typedef {object} StealPileMessage  steal `victim`'s pile (the Steal button names none: the computer's)
 * @property {"steal"} do
 * @property {number} [victim] */
/** @typedef {object} ChooseMessage
 * @property {"choose"} do
 * @property {string} card */
/** @typedef {object} OpponentMessage
 * @property {"opponent"} do
 * @property {string} name */
/** @typedef {object} StealReplayMessage  the game-number box and Replay (as War's ReplayMessage)
 * @property {"replay"} do
 * @property {string} code */
/** @typedef {object} AutoTopMessage
 * @property {"auto_top"} do
 * @property {boolean} on */
/** @typedef {StealPlainMessage | StealPileMessage | ChooseMessage | OpponentMessage | AutoTopMessage | StealReplayMessage} StealAction */
/** @typedef {StealAction} StealMessage  (Steal War has no chart: it never asks for plotly.js) */
/** @typedef {Model<StealTraits, StealMessage>} StealModel */

export {};
