#!/usr/bin/env python3
"""A person at the terminal, scripted: `hukum play` runs in a pseudo-terminal
(python3's pty) with one human seat, and this script reads the screen and
types, as a player would, until a full deal of each bundled game is over.

On the way it checks what the screen shows (seats and partners, contract,
trump, running tricks and points, the current and last trick, suit symbols and
colour), tries refused moves and checks each states its reason (not in your
hand, must follow, an unknown word, the auction's floors...), asks for `help`
and `rules`, sees lone legal moves played for it, and reads the end-of-deal
review. Then NO_COLOR and a pipe must give plain text.
Usage: terminal_test.py HUKUM REPO_DIR"""
import os
import pty
import random
import re
import select
import subprocess
import sys
import time

ANSI = re.compile(r"\x1b\[[0-9;]*m")
SYMBOLS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
failures = []


def check(condition, what, context=""):
    if not condition:
        failures.append(what)
        print(f"FAIL {what}")
        if context:
            print("    " + context[-1500:].replace("\n", "\n    "))


def letters(text):
    for symbol, letter in SYMBOLS.items():
        text = text.replace(symbol, letter)
    return text


class Terminal:
    """hukum in a pseudo-terminal: read until a prompt, type a line."""

    def __init__(self, argv, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(argv[0], argv, env)
        self.raw = ""     # everything the screen showed, escapes included
        self.seen = 0     # how much of it was already handed out
        self.done = False

    def read_until_prompt(self, timeout=20):
        """The new screen text (raw) up to a prompt 'NAME> ', or to the end."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            plain = ANSI.sub("", self.raw[self.seen:])
            if re.search(r"(^|\n)[A-Za-z0-9]+> $", plain):
                break
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                self.done = True
                break
            self.raw += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        else:
            raise TimeoutError("no prompt within %ss; screen ends with:\n%s" % (timeout, self.raw[-800:]))
        new = self.raw[self.seen:]
        self.seen = len(self.raw)
        return new

    def type(self, line):
        os.write(self.fd, (line + "\n").encode())

    def close(self):
        try:
            os.close(self.fd)
        except OSError:
            pass
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


def finish_deal(term):
    """Reads the screen to the end of play; the exit status and everything shown, in letters."""
    while not term.done:
        term.read_until_prompt()
    return term.close(), letters(term.raw)


def parse_legal(screen):
    m = re.findall(r"Legal: (.*)", screen)
    return [w.strip() for w in letters(m[-1]).split(",")] if m else []


def parse_hand(screen):
    m = re.findall(r"\nHand: (.*)", screen)
    return letters(m[-1]).split() if m else []


def suit_of(card):
    return card[-1]


def play_one_deal(hukum, ruleset, game, seed, options=(), seats="human,random,random,random", flags=()):
    env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="40")
    env.pop("NO_COLOR", None)
    argv = [hukum, "play", ruleset, "--seats", seats, "--deals", "1", "--seed", str(seed),
            "--auto-play-delay", "50"]
    for o in options:
        argv += ["--option", o]
    term = Terminal(argv + list(flags), env)
    rng = random.Random(seed)
    tried = set()   # refusal kinds already tried
    refusals = {}   # kind -> the reason the screen gave
    asked_help = asked_rules = False
    deck = [r + s for s in "SHDC" for r in ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]]
    moves = 0
    screen = ANSI.sub("", term.read_until_prompt())
    while not term.done and moves < 200:
        legal = parse_legal(screen)
        hand = parse_hand(screen)
        check(legal, f"{game}: the prompt comes with the legal moves", screen)
        if not asked_help:
            asked_help = True
            term.type("help")
            answer = ANSI.sub("", term.read_until_prompt())
            check("The prompt" in answer and "waits for your move" in answer, f"{game}: help explains the prompt", answer)
            check("'rules'" in answer, f"{game}: help names the rules command", answer)
            refusals["help"] = answer
            continue
        if not asked_rules:
            asked_rules = True
            term.type("rules")
            answer = ANSI.sub("", term.read_until_prompt())
            expected = subprocess.run([hukum, "describe", ruleset] + [x for o in options for x in ("--option", o)],
                                      capture_output=True, text=True).stdout.splitlines()[0]
            check(expected in answer, f"{game}: 'rules' prints the describe text", answer)
            continue
        attempt = None
        if "unknown" not in tried:
            attempt = ("unknown", "ZZ")
        elif "not_in_hand" not in tried and any(re.fullmatch(r"(10|[AKQJ2-9])[SHDC]", c) for c in legal):
            missing = [c for c in deck if c not in hand and c not in letters(screen)]
            if missing:
                attempt = ("not_in_hand", missing[0])
        if attempt is None and "follow" not in tried:
            trick = re.findall(r"This trick: (.*)", letters(screen))
            if trick and ":" in trick[-1]:
                led = suit_of(trick[-1].split()[0].split(":")[1])
                other = [c for c in hand if suit_of(c) != led]
                if any(suit_of(c) == led for c in hand) and other:
                    attempt = ("follow", other[0])
        if attempt is None and "partner_floor" not in tried:
            high = re.search(r"Auction: high bid (\d+) by (\S+)", screen)
            partner = re.search(r"partner (\S+?)[;.]", screen)
            bids = [int(w.split()[1]) for w in legal if w.startswith("bid ")]
            if high and partner and high.group(2) == partner.group(1) and bids and int(high.group(1)) + 1 < min(bids):
                attempt = ("partner_floor", "bid %d" % (int(high.group(1)) + 1))
        if attempt is None and "hook" not in tried:
            # A gap in the legal bids is the number the last bidder may not bid.
            bids = sorted(int(w.split()[1]) for w in legal if w.startswith("bid "))
            gap = [b for b in range(bids[0], bids[-1]) if b not in bids] if len(bids) > 1 else []
            if gap and "Bids: " in screen:
                attempt = ("hook", "bid %d" % gap[0])
        if attempt is None and "auction_card" not in tried and hand and legal and all(
                w == "pass" or w.startswith("bid ") for w in legal) and "Auction: " in screen:
            attempt = ("auction_card", hand[0])
        if attempt is None and "low_bid" not in tried:
            high = re.search(r"Auction: high bid (\d+) by (\S+)", screen)
            if high and any(w.startswith("bid ") for w in legal):
                attempt = ("low_bid", "bid " + high.group(1))
        if attempt:
            kind, text = attempt
            tried.add(kind)
            term.type(text)
            answer = ANSI.sub("", term.read_until_prompt())
            refusals[kind] = answer
            continue
        choice = rng.choice(legal)
        if moves == 3 and re.fullmatch(r"(10|[AKQJ2-9])[SHDC]", choice):
            choice = choice[:-1] + {v: k for k, v in SYMBOLS.items()}[choice[-1]]   # typed with its symbol
        term.type(choice)
        moves += 1
        screen = ANSI.sub("", term.read_until_prompt())
    rest = ""
    while not term.done:
        rest += term.read_until_prompt()
    status = term.close()
    check(status == 0, f"{game}: hukum exits 0 after the deal (got {status})", term.raw)
    return term.raw, refusals


SCOPA_SEED = 4

BID_VALUE = {"A": 1, "J": 0, "Q": 0, "K": 0, **{str(n): n for n in range(2, 11)}}
SUIT_RANK = {"S": 4, "H": 3, "D": 2, "C": 1}


def play_truf(hukum, repo, seed):
    """Truf as N: lay the bid card with the highest value, answer the trump
    maker's question (a refused 'atas 0' first), play the deal out. Returns the
    raw screen, the question screen (or None) and the refusal of 'atas 0'."""
    env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="40")
    env.pop("NO_COLOR", None)
    argv = [hukum, "play", f"{repo}/rulesets/truf/truf.yaml", "--seats", "human,random,random,random",
            "--deals", "1", "--seed", str(seed), "--auto-play-delay", "50"]
    term = Terminal(argv, env)
    rng = random.Random(seed)
    question = refusal = None
    moves = 0
    screen = ANSI.sub("", term.read_until_prompt())
    while not term.done and moves < 100:
        legal = parse_legal(screen)
        if legal and all(w.startswith("choose ") for w in legal):
            card = max((w.split()[1] for w in legal), key=lambda c: (BID_VALUE[c[:-1]], SUIT_RANK[c[-1]]))
            term.type("choose " + card)
        elif legal and legal[0].startswith(("atas ", "bawah ")):
            question = screen
            term.type("atas 0")
            refusal = ANSI.sub("", term.read_until_prompt())
            term.type("bawah 2")
        else:
            term.type(rng.choice(legal))
        moves += 1
        screen = ANSI.sub("", term.read_until_prompt())
    while not term.done:
        term.read_until_prompt()
    status = term.close()
    return term.raw, question, refusal, status


def play_mpourloto(hukum, ruleset, seed=9):
    """One deal of Mpourloto as N (seed 9: W deals, N speaks first in the auction
    and holds the seven of the turn-up's suit): N accepts the turn-up's suit,
    exchanges the seven, declares when he holds a meld and plays every card,
    choosing each move on the screen the way a person would."""
    game = "mpourloto"
    env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="40")
    term = Terminal([hukum, "play", ruleset, "--seats", "human,random,random,random", "--deals", "1",
                     "--seed", str(seed), "--auto-play-delay", "50", "--no-auto-play"], env)
    rng = random.Random(seed)
    done = set()
    screen = ANSI.sub("", term.read_until_prompt())
    moves = 0
    while not term.done and moves < 100:
        legal = parse_legal(screen)
        check(legal, f"{game}: the prompt comes with the legal moves", screen)
        if "accept" in legal and "wrong_round" not in done:
            done.add("wrong_round")
            term.type("name H")
            answer = ANSI.sub("", term.read_until_prompt())
            check("this round accepts the turn-up's suit" in answer,
                  f"{game}: naming a suit in the accept round is refused with the reason", answer)
            continue
        if "accept" in legal:
            check("Turn-up" not in screen or "turn-up: " in screen, f"{game}: the turn-up is on the table", screen)
            check("accept the turn-up's suit" in screen, f"{game}: the auction says what to do", screen)
            choice = "accept"
        elif any(w.startswith("exchange ") for w in legal):
            choice = next(w for w in legal if w.startswith("exchange "))
            check("for the turn-up" in screen, f"{game}: the exchange is explained", screen)
        elif "declare" in legal:
            choice = "declare"
        else:
            choice = rng.choice(legal)
        done.add(choice.split()[0])
        term.type(choice)
        moves += 1
        screen = ANSI.sub("", term.read_until_prompt())
    while not term.done:
        term.read_until_prompt()
    status = term.close()
    plain = ANSI.sub("", term.raw)
    check(status == 0, f"{game}: hukum exits 0 after the deal (got {status})", plain[-600:])
    check("accept" in done, f"{game}: the human accepted the turn-up's suit")
    check("exchange" in done, f"{game}: the human exchanged the seven for the turn-up")
    check("Trump is " in plain and "(by N)" in plain, f"{game}: the trump is set by N", plain[-600:])
    check("N exchanges" in plain, f"{game}: the exchange is announced", plain[-600:])
    check("Trump chosen by N" in plain or "makers" in plain, f"{game}: N's side are the makers", plain[-600:])
    check("Review of deal 1" in plain and "Result: " in plain, f"{game}: the deal ends with the review", plain[-600:])
    check(re.search(r"declares: ", plain) or "declare" not in done, f"{game}: declared melds are announced", plain[-600:])
    # The stock stays hidden: the cards the others receive later are not on N's screen before the play.
    first_trick = plain.find("Trick 1:")
    check(" gets " not in plain[:first_trick], f"{game}: the other hands are not shown to the human", plain[:first_trick][-600:])


def play_euchre(hukum, ruleset, seed=58):
    """One deal of Euchre as N (seed 58: N deals and the other three pass the
    turn-up): N orders it up himself, goes alone, takes the turn-up and
    discards a card face down, then plays his cards while his partner S sits
    out, choosing each move on the screen the way a person would."""
    game = "euchre"
    env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="40")
    term = Terminal([hukum, "play", ruleset, "--seats", "human,random,random,random", "--deals", "1",
                     "--seed", str(seed), "--auto-play-delay", "50", "--no-auto-play"], env)
    rng = random.Random(seed)
    done = set()
    discarded = None
    screen = ANSI.sub("", term.read_until_prompt())
    moves = 0
    while not term.done and moves < 40:
        legal = parse_legal(screen)
        check(legal, f"{game}: the prompt comes with the legal moves", screen)
        if "accept" in legal:
            check("accept the turn-up's suit" in screen, f"{game}: the auction says what to do", screen)
            choice = "accept"
        elif "alone" in legal:
            if "refused_alone" not in done:
                done.add("refused_alone")
                term.type("discard " + letters(screen).split("Hand: ")[1].split()[0])
                answer = ANSI.sub("", term.read_until_prompt())
                check("Refused: there is nothing to discard now" in answer,
                      f"{game}: a discard before the pickup is refused with the reason", answer)
                continue
            check("your partner sets his cards aside" in screen, f"{game}: going alone is explained", screen)
            choice = "alone"
        elif any(w.startswith("discard ") for w in legal):
            check("You took the turn-up" in screen, f"{game}: the pickup and discard are explained", screen)
            check(len(legal) == 6, f"{game}: six cards to discard from (five and the turn-up)", screen)
            choice = rng.choice(legal)
            discarded = choice.split()[1]
        else:
            choice = rng.choice(legal)
        done.add(choice.split()[0])
        term.type(choice)
        moves += 1
        screen = ANSI.sub("", term.read_until_prompt())
        if choice.startswith("discard "):
            check("Face down (yours): " + discarded in letters(screen),
                  f"{game}: the discarded card is shown face down to its owner", screen)
            check(re.search(r"S +NS +0 ", screen), f"{game}: the sitting-out partner holds no card", screen)
    while not term.done:
        term.read_until_prompt()
    status = term.close()
    plain = ANSI.sub("", term.raw)
    check(status == 0, f"{game}: hukum exits 0 after the deal (got {status})", plain[-600:])
    for word in ("accept", "alone", "discard"):
        check(word in done, f"{game}: the human chose '{word}'")
    check("N has taken the turn-up and discards a card face down" in plain, f"{game}: the discard is announced", plain[-900:])
    check(not re.search(r"Trick \d: [^\n]*S:", plain), f"{game}: S plays no card while N goes alone", plain[-900:])
    check("Review of deal 1" in plain and "Result: " in plain, f"{game}: the deal ends with the review", plain[-600:])


def play_bridge(hukum, ruleset, seed=2):
    """One deal of Contract Bridge as N (seed 2: N deals, so N calls first).
    N tries the short form of a bid (refused: it reads as a card), opens 7 no
    trump (nothing can overcall it, so N declares), and once E has made the
    opening lead sees the dummy S face up and plays S's cards as well as his
    own, choosing each move on the screen the way a person would."""
    game = "bridge"
    env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="40", NO_COLOR="1")
    term = Terminal([hukum, "play", ruleset, "--seats", "human,random,random,random", "--deals", "1",
                     "--seed", str(seed), "--auto-play-delay", "50", "--no-auto-play"], env)
    rng = random.Random(seed)
    screen = letters(term.read_until_prompt())
    legal = parse_legal(screen)
    check(legal[:6] == ["pass", "1club", "1diamond", "1heart", "1spade", "1nt"] and legal[-1] == "7nt",
          f"{game}: the dealer's calls read as a bidding box", screen)
    term.type("2c")
    answer = letters(term.read_until_prompt())
    check("Refused" in answer, f"{game}: a call typed as a card (2c) is refused", answer)
    check(re.search(r"Dummy|dummy|lead", screen) is None, f"{game}: no dummy during the auction", screen)
    term.type("7nt")
    screen = letters(term.read_until_prompt())
    dummy_turns = 0
    moves = 0
    while not term.done and moves < 40:
        legal = parse_legal(screen)
        check(legal, f"{game}: the prompt comes with the legal moves", screen)
        if "You play S's cards now." in screen:
            if dummy_turns == 0:   # the dummy's first card: only the opening lead is on the table
                trick = re.findall(r"This trick: (.*)", screen)
                check(trick and re.fullmatch(r"E:\S+", trick[-1].strip()) and "S lays cards face up" in screen,
                      f"{game}: the dummy goes face up right after E's opening lead", screen)
            dummy_turns += 1
            shown = re.search(r"S's hand \(face up\): (.*)\n", screen)
            check(shown and all(c in shown.group(1).replace(" ", "") for c in legal),
                  f"{game}: N is asked for a card of the dummy's face-up hand", screen)
            choice = rng.choice(legal)
            term.type(choice)
            screen = letters(term.read_until_prompt())
            check(f"S:{choice}" in screen, f"{game}: the card N chose is played as the dummy's", screen)
            moves += 1
            continue
        check(dummy_turns > 0 or "S's hand (face up)" not in screen, f"{game}: nobody sees the dummy before the lead", screen)
        choice = "pass" if "pass" in legal else rng.choice(legal)
        term.type(choice)
        moves += 1
        screen = letters(term.read_until_prompt())
    status, plain = finish_deal(term)
    check(status == 0, f"{game}: hukum exits 0 after the deal (got {status})", plain[-600:])
    check(dummy_turns == 13, f"{game}: N played all 13 of the dummy's cards (got {dummy_turns})", plain[-900:])
    check(re.search(r"Result: (NS|EW) win \((made|down)\)", plain), f"{game}: the deal is scored made or down", plain[-600:])


def play_hearts(hukum, ruleset, seed=3):
    """One deal of Hearts as N, its first deal passing three cards to the next
    seat: N chooses three, is told which three he received (and they are in his
    hand), and never sees a trump line other than "No trump" in a game that has
    none. Then N plays the deal out."""
    game = "hearts"
    env = dict(os.environ, TERM="xterm", NO_COLOR="1")
    term = Terminal([hukum, "play", ruleset, "--seats", "human,random,random,random", "--deals", "1",
                     "--seed", str(seed), "--auto-play-delay", "50"], env)
    rng = random.Random(seed)
    screen = letters(term.read_until_prompt())
    chosen, received, moves = [], None, 0
    while not term.done and moves < 60:
        legal = parse_legal(screen)
        if received is None:
            got = re.search(r"\n  [ESW] passes 3 cards to N: you receive (.*)\n", screen)
            if got:
                received = got.group(1).split()
                check(all(c in parse_hand(screen) for c in received),
                      f"{game}: the cards received are in the hand shown next", screen)
        if legal and all(w.startswith("choose ") for w in legal):
            choice = legal[0]
            chosen.append(choice.split()[1])
        else:
            choice = rng.choice(legal)
        term.type(choice)
        moves += 1
        screen = letters(term.read_until_prompt())
    status, plain = finish_deal(term)
    check(status == 0, f"{game}: hukum exits 0 after the deal (got {status})", plain[-600:])
    check(len(chosen) == 3, f"{game}: the human chose three cards to pass", plain[:2000])
    check(received and len(received) == 3, f"{game}: the human is told which three cards he received", plain[:4000])
    passed = re.search(r"\n  N passes 3 cards to E: you pass (.*)\n", plain)
    check(passed and sorted(passed.group(1).split()) == sorted(chosen),
          f"{game}: the human's own pass names the cards chosen", plain[:4000])
    check("\nNo trump\n" in plain, f"{game}: a game without trumps says 'No trump'", plain[:2000])
    check("Trump: " not in plain, f"{game}: no 'Trump: not set' in a game without trumps", plain[:4000])
    check("Result: " in plain, f"{game}: the deal is played to its result", plain[-600:])


def main():
    hukum, repo = sys.argv[1], sys.argv[2]
    play_hearts(hukum, f"{repo}/rulesets/hearts/hearts.yaml")
    play_mpourloto(hukum, f"{repo}/rulesets/mpourloto/mpourloto.yaml")
    play_euchre(hukum, f"{repo}/rulesets/euchre/euchre.yaml")
    play_bridge(hukum, f"{repo}/rulesets/bridge/bridge.yaml")
    games = {
        "mendikot": (f"{repo}/rulesets/mendikot/mendikot.yaml", 5, []),
        "twenty-eight": (f"{repo}/rulesets/twenty-eight/twenty-eight.yaml", 3, []),
        "chinese-ten": (f"{repo}/rulesets/chinese-ten/chinese-ten.yaml", 2, []),
        # Seed 12 makes N (the human) the dealer, who bids last, and the others'
        # bids leave one number the hook rule forbids.
        "oh-hell": (f"{repo}/rulesets/oh-hell/oh-hell.yaml", 12, ["hand_sizes=ten_each"]),
        # Seed SCOPA_SEED gives the human a card that can take two different sets.
        "scopa": (f"{repo}/rulesets/scopa/scopa.yaml", SCOPA_SEED, []),
        "skat": (f"{repo}/rulesets/skat/skat.yaml", 1, []),
    }
    for game, (ruleset, seed, options) in games.items():
        # Twenty-eight runs with --no-auto-play: lone moves wait, so more refusals can be tried.
        flags = ["--no-auto-play"] if game == "twenty-eight" else []
        seats = {"scopa": "human,random", "skat": "human,random,random"}.get(game, "human,random,random,random")
        raw, refusals = play_one_deal(hukum, ruleset, game, seed, options, seats=seats, flags=flags)
        plain = ANSI.sub("", raw)
        has = lambda text, what: check(text in plain, f"{game}: the screen shows {what} ({text!r})", plain[-600:])
        check("\x1b[31m" in raw, f"{game}: red suits in colour on a terminal")
        check(any(s in plain for s in SYMBOLS), f"{game}: suit symbols on a terminal")
        has("Hand: ", "the hand")
        has("Your move: ", "what to do now")
        if flags:
            check("Only one move is legal" not in plain and re.search(r"Legal: [^,\n]+\n", plain),
                  f"{game}: with --no-auto-play a lone legal move waits for typing")
        else:
            has("Only one move is legal", "a lone legal move played for the human")
        has("Review of deal 1", "the end-of-deal review")
        has("Result: ", "the result line")
        check("unknown" in refusals and "is not a move of this game" in refusals["unknown"],
              f"{game}: unknown text gets the game's move forms", refusals.get("unknown", ""))
        check("not_in_hand" in refusals and "is not in your hand" in refusals["not_in_hand"],
              f"{game}: a card not held is refused as 'not in your hand'", refusals.get("not_in_hand", ""))
        if game == "oh-hell":
            has("Bids: ", "every seat's bid")
            has("(has ", "the tricks each bidder has taken so far")
            check(re.search(r"Bids: N \d", plain), f"{game}: the human's own bid is shown", plain[-600:])
            check("hook" in refusals and "may not add up to the 10 tricks" in refusals["hook"],
                  f"{game}: the dealer's bid that would make the total fit is refused with the reason",
                  refusals.get("hook", ""))
            has("but not 1", "the prompt names the forbidden bid")
            has("Trump: ", "the trump")
            continue
        if game == "scopa":
            has("Layout: ", "the layout")
            has("Sweeps", "the sweeps per seat")
            # A card that can take different sets: the human names the cards of one.
            check(re.search(r"Capturing with \S+: choose the cards it takes, one at a time", plain),
                  f"{game}: the human is asked to choose a capture set", plain[-600:])
            choices = [line for line in re.findall(r"Legal: (.*)", letters(plain)) if line.count("take ") >= 2]
            check(choices, f"{game}: several cards to take are offered", plain[-600:])
            check(re.search(r"\n +N captures .+ with ", plain), f"{game}: the human's capture is announced", plain[-600:])
            # The result names the categories won, not only their count.
            result = re.search(r"Result: .*", plain)
            majorities = re.findall(r"majorities (\d+)( \(([a-z, ]+)\))?", result.group(0) if result else "")
            check(majorities and all(m[2] and len(m[2].split(", ")) == int(m[0]) for m in majorities),
                  f"{game}: the result says which majorities each side won", result.group(0) if result else plain[-600:])
            continue
        if game == "skat":  # three players, each for himself; a declarer alone this deal
            has("Sides this deal: ", "the declarer against the other two")
            has("The deal is played as ", "the game the declarer named")
            has("Tricks: A ", "running tricks per player")
            continue
        if game == "chinese-ten":
            has("Layout: ", "the layout")
            has("Stock: ", "the stock")
            has("Captured", "captures per seat")
            check(re.search(r"\n  [NESW] +\d+ +\d+ +\d+", plain), f"{game}: captured cards and points per seat")
            continue
        has("You are N (NS), partner S; opponents E, W", "the seat, partner and opponents")
        # Hidden information stays hidden: another seat's face-down card appears
        # nowhere on the human's screen before it is turned up.
        reveal = re.search(r"\n  (\S+)'s face-down card is turned up: (\S+)", plain)
        check(reveal, f"{game}: the face-down card is turned up during the deal", plain[-600:])
        if reveal and reveal.group(1) != "N":
            check(reveal.group(2) not in plain[:reveal.start()],
                  f"{game}: {reveal.group(1)}'s face-down {reveal.group(2)} is not shown before it is turned up")
        has("Trump: ", "the trump")
        has("Tricks: NS ", "running tricks per team")
        has("Points: NS ", "running points per team")
        has("Last trick: ", "the last trick")
        has("This trick: ", "the current trick")
        check("follow" in refusals and "you must follow" in refusals["follow"],
              f"{game}: a card off the led suit is refused as 'you must follow'", refusals.get("follow", ""))
        if game == "mendikot":
            check("bid <n>" not in refusals["unknown"] and "raise <n>" not in refusals["unknown"],
                  f"{game}: no auction words offered in a game without an auction", refusals["unknown"])
        if game == "twenty-eight":
            has("Contract: ", "the contract")
            has(" need ", "what the bidding side needs")
            has("Auction: ", "the auction")
            check("low_bid" in refusals and "must beat the high bid" in refusals["low_bid"],
                  f"{game}: a bid not above the high bid is refused with the reason", refusals.get("low_bid", ""))
            # A card typed in the auction: the refusal says what the auction asks, not an empty list of cards.
            check("auction_card" in refusals and "you cannot play a card now, during the auction: you may bid "
                  in refusals["auction_card"] and "you may play ." not in refusals["auction_card"],
                  f"{game}: a card typed in the auction is refused with the auction's calls", refusals.get("auction_card", ""))
            # The raise round's calls come under a heading: "W: pass" alone does not say what W declined.
            raise_round = re.search(r"\n  Raise round: (NS|EW) may raise the contract of \d+ by [NESW] \(to \d+", plain)
            check(raise_round, f"{game}: the raise round is labelled", plain[-1500:])
            check("partner_floor" in refusals and "overcalling your partner" in refusals["partner_floor"]
                  and "needs at least 20" in refusals["partner_floor"],
                  f"{game}: overcalling the partner below 20 is refused with the floor", refusals.get("partner_floor", ""))

    # Truf: N lays a bid card; with seed 146 N's card makes trump and the bids
    # add up to 13, so N (the trump maker) must answer 'atas k' or 'bawah k'.
    raw, question, refusal, status = play_truf(hukum, repo, 146)
    plain = ANSI.sub("", raw)
    check(status == 0, f"truf: hukum exits 0 after the deal (got {status})", plain[-600:])
    check("choose a card with 'choose <card>'" in plain, "truf: the human is asked to lay a bid card face down", plain[:1500])
    check(question and "'atas' or 'bawah' with a number from 1 to 13" in question and "atas 13, bawah 1" in question,
          "truf: the trump maker is asked for 'atas k' or 'bawah k', every answer listed", question or plain[-1500:])
    check(refusal and "the number after 'atas' must be from 1 to 13" in refusal,
          "truf: 'atas 0' is refused with the range", refusal or "")
    check(re.search(r"\n  N: bawah 2\n", plain), "truf: the answer is announced", plain[-1500:])
    check(re.search(r"[ESW]:\(face down\)", plain), "truf: a trump another seat played shows as (face down)", plain[-1500:])
    check("Result: " in plain, "truf: the deal is played to its result", plain[-600:])

    # A dummy (tests/fixtures/hooks/dummy.lua): with seed 2, N deals; after W's
    # opening lead S's hand lies face up and N, the human, is asked for S's card.
    env = dict(os.environ, TERM="xterm", NO_COLOR="1")
    term = Terminal([hukum, "play", f"{repo}/tests/fixtures/hooks/dummy.yaml", "--seats", "human,random,random,random",
                     "--deals", "1", "--seed", "2", "--no-auto-play"], env)
    screen = letters(term.read_until_prompt())
    shown = re.search(r"S's hand \(face up\): (.*)\n", screen)
    check("S lays cards face up" in screen and "N plays S's cards" in screen, "dummy: the show and the controller are told", screen)
    check(shown and "You play S's cards now." in screen, "dummy: the dealer sees the dummy's hand and is asked for its card", screen)
    legal = parse_legal(screen)
    check(legal and shown and all(c in shown.group(1).replace(" ", "") for c in legal),
          "dummy: the legal cards are the dummy's", screen)
    if legal:
        term.type(legal[0])
        after = letters(term.read_until_prompt())
        check(f"S:{legal[0]}" in after, "dummy: the card typed is played as S's", after)
        check("You play S's cards now." not in after, "dummy: N is asked for its own card next", after)
    term.type("quit")
    term.read_until_prompt()
    term.close()

    # Six players: every partner is named.
    env = dict(os.environ, TERM="xterm")
    env.pop("NO_COLOR", None)
    term = Terminal([hukum, "play", f"{repo}/rulesets/mendikot/mendikot.yaml", "--seats", "human,random,random,random,random,random",
                     "--deals", "1", "--seed", "3", "--option", "players=6"], env)
    screen = ANSI.sub("", term.read_until_prompt())
    term.type("quit")
    term.read_until_prompt()
    term.close()
    check("You are P1 (team1), partners P3, P5; opponents P2, P4, P6" in screen, "six players: partners named", screen)

    # NO_COLOR: symbols but no colour; a pipe: plain letters, no escapes.
    env = dict(os.environ, TERM="xterm", NO_COLOR="1")
    term = Terminal([hukum, "play", f"{repo}/rulesets/mendikot/mendikot.yaml", "--seats", "human,random,random,random",
                     "--deals", "1", "--seed", "5"], env)
    screen = term.read_until_prompt()
    term.type("quit")
    term.read_until_prompt()
    term.close()
    check("\x1b[" not in screen, "NO_COLOR: no escape sequences", screen)
    piped = subprocess.run([hukum, "play", f"{repo}/rulesets/mendikot/mendikot.yaml", "--seats", "human,random,random,random",
                            "--deals", "1", "--seed", "5"], input="quit\n", capture_output=True, text=True)
    check("\x1b[" not in piped.stdout and not any(s in piped.stdout for s in SYMBOLS), "a pipe gets plain text", piped.stdout)
    check("Hand: " in piped.stdout, "a pipe gets the table too", piped.stdout)

    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


sys.exit(main())
