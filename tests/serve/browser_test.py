#!/usr/bin/env python3
"""The web table in a real browser (issue 27): headless Chromium driven by
Selenium (Debian's python3-selenium and chromium-driver). For each game
given (default: every bundled game), one browser makes the table in the
lobby with two people and bots in the other seats, the second person opens
the invite link in a second browser session, and both play a full deal by
clicking the legal cards and answer buttons (once by the keyboard, once by
typing an illegal move, which must be refused with a reason). Screenshots at
phone (380 px) and desktop width go to OUT_DIR.

    browser_test.py HUKUM ROOT OUT_DIR [GAME...]"""
import os
import random
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from serve_client import Failures, Server, bundled_games

HUKUM, ROOT, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
GAMES = sys.argv[4:] or bundled_games(ROOT)
F = Failures()
DEAL_SECONDS = 240
os.makedirs(OUT, exist_ok=True)


def browser(width, height):
    opts = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=%d,%d" % (max(width, 600), height), "--force-device-scale-factor=1"):
        opts.add_argument(arg)
    if width < 600:  # a window is at least ~500 px wide: a phone's width is emulated
        opts.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}})
    opts.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


def wait_for(what, test, seconds=20):
    end = time.time() + seconds
    while time.time() < end:
        try:
            value = test()
            if value:
                return value
        except WebDriverException:
            pass
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


def shot(driver, name):
    path = os.path.join(OUT, name + ".png")
    driver.save_screenshot(path)
    return path


# The page's state in one round trip: is it my turn, what can be clicked, is the deal over.
STATE_JS = """
const q = s => [...document.querySelectorAll(s)];
const review = document.getElementById('review');
return {mine: document.getElementById('turn').classList.contains('mine'),
        cards: q('#table .card.legal').length, answers: q('#answers .answer').map(b => b.dataset.action),
        over: review && !review.hidden, dialog: document.getElementById('dialog').open,
        refusal: document.getElementById('refusal').textContent,
        prompt: document.getElementById('prompt').textContent,
        version: (typeof view !== 'undefined' && view) ? view.version : 0};
"""


def make_table(lobby, url, game):
    lobby.get(url)
    wait_for("the game list", lambda: len(lobby.find_elements(By.CSS_SELECTOR, "#game option")) > 0)
    Select(lobby.find_element(By.ID, "game")).select_by_value(game)
    # The seats come from the server for the chosen game: two people, bots in the rest.
    wait_for("the seats of " + game, lambda: len(lobby.find_elements(By.CSS_SELECTOR, ".seat-kind")) >= 2
             and lobby.execute_script("return document.querySelector('#seat-kinds label').textContent") != "")
    time.sleep(0.3)
    kinds = lobby.find_elements(By.CSS_SELECTOR, ".seat-kind")
    for k, sel in enumerate(kinds):
        Select(sel).select_by_value("person" if k < 2 else ("greedy" if k % 2 else "random"))
    lobby.find_element(By.ID, "create").click()
    links = wait_for("the invite links", lambda: lobby.find_elements(By.CSS_SELECTOR, "#links a.invite"))
    return [a.get_attribute("href") for a in links], len(kinds)


def play(game, drivers, rng, tag):
    """Both people click until the deal is over; returns the number of clicks."""
    clicks = 0
    used_keys = typed_wrong = False
    shots = {}
    end = time.time() + DEAL_SECONDS
    while time.time() < end:
        states = [d.execute_script(STATE_JS) for d in drivers]
        if all(s["over"] for s in states):
            return clicks, used_keys, typed_wrong
        acted = False
        for d, s in zip(drivers, states):
            if s["dialog"]:   # a card with several uses: take the first
                d.find_element(By.CSS_SELECTOR, "#dialog-extra .answer").click()
                acted = True
                continue
            if not s["mine"] or (s["cards"] == 0 and not s["answers"]):
                continue
            if clicks == 3 and not typed_wrong:
                say = d.find_element(By.ID, "say")
                say.send_keys("xyzzy", Keys.ENTER)
                typed_wrong = wait_for("a refusal", lambda: d.execute_script(STATE_JS)["refusal"])
                say.clear()
                d.find_element(By.TAG_NAME, "body").click()
            if clicks >= 4 and not used_keys:
                # By the keyboard: a legal card chosen with an arrow and played with Enter, or answer 1.
                d.execute_script("document.activeElement.blur()")  # out of the action box
                body = d.find_element(By.TAG_NAME, "body")
                if s["cards"]:
                    body.send_keys(Keys.ARROW_RIGHT)
                    d.switch_to.active_element.send_keys(Keys.ENTER)
                else:
                    body.send_keys("1")
                # Nothing else moves while it is this seat's turn: a new version of the table is this move.
                used_keys = wait_for("the move made by the keyboard", lambda: d.execute_script(STATE_JS)["version"] != s["version"])
            else:
                targets = d.find_elements(By.CSS_SELECTOR, "#table .card.legal") + d.find_elements(By.CSS_SELECTOR, "#answers .answer")
                if not targets:
                    continue  # the state read above is stale: the other person's move redrew this page
                try:
                    rng.choice(targets).click()
                except StaleElementReferenceException:
                    continue  # the page redrew between finding and clicking: look again
            clicks += 1
            acted = True
            # The page redraws once the server has the move: until then it still looks like this seat's turn.
            wait_for("the page to show the move", lambda: d.execute_script(STATE_JS)["version"] != s["version"]
                     or d.execute_script(STATE_JS)["dialog"], 15)
            if clicks in (6, 7) and tag and "mid" + str(clicks) not in shots:
                shots["mid" + str(clicks)] = shot(d, "%s-%s-%s" % (game, tag, "play" if clicks == 6 else "play2"))
        if not acted:
            time.sleep(0.05)
    raise AssertionError("%s: the deal did not end in %d s" % (game, DEAL_SECONDS))


BROWSERS = {}  # per width: the two people's browsers, kept from game to game (a launch costs seconds)


def people(tag):
    width, height = (380, 800) if tag == "phone" else (1280, 900)
    if tag not in BROWSERS:
        BROWSERS[tag] = (browser(width, height), browser(width, height))
    for d in BROWSERS[tag]:
        d.get("about:blank")  # the next table's link differs only after '#': load it afresh
    return BROWSERS[tag]


def close_browsers():
    for pair in BROWSERS.values():
        for d in pair:
            try:
                d.quit()
            except WebDriverException:
                pass
    BROWSERS.clear()


def run_game(game, url, rng, tag):
    a, b = people(tag)
    try:
        links, seats = make_table(a, url, game)
        if tag:
            shot(a, "%s-%s-lobby" % (game, tag))
        F.check(len(links) == 2, "%s: two invite links" % game)
        a.get(links[0])
        b.get(links[1])
        for d in (a, b):
            wait_for("the table", lambda: d.find_element(By.ID, "table").is_displayed() and d.execute_script(STATE_JS)["version"])
        started = time.time()
        clicks, used_keys, typed_wrong = play(game, [a, b], rng, tag)
        F.check(clicks > 0, "%s: the people played" % game)
        F.check(typed_wrong, "%s: a typed illegal move was refused with a reason" % game)
        F.check(used_keys, "%s: a move was made by the keyboard" % game)
        review = a.find_element(By.ID, "review-text").text
        F.check("Result" in review or "result" in review.lower(), "%s: the end-of-deal review shows the result" % game)
        if tag:
            shot(a, "%s-%s-review" % (game, tag))
        # A reload keeps the seat (the secret is in the address).
        b.refresh()
        wait_for("the seat after a reload", lambda: b.execute_script(STATE_JS)["over"])
        # The rules screen.
        a.find_element(By.ID, "rules-button").click()
        text = wait_for("the rules", lambda: a.find_element(By.ID, "dialog-text").text)
        F.check(len(text) > 100, "%s: the rules screen shows the describe text" % game)
        # ... and the game's rules text (docs/rules/GAME.md), read as headings and paragraphs.
        doc = a.find_elements(By.CSS_SELECTOR, "#rules-doc h3, #rules-doc h4")
        F.check(len(doc) >= 2 and len(a.find_element(By.ID, "rules-doc").text) > 500,
                "%s: the rules screen shows the rules text with its sections" % game)
        if tag:
            shot(a, "%s-%s-rules" % (game, tag))
        print("%-14s %d seats, %3d clicks, keyboard %s, %.1f s" % (game, seats, clicks, used_keys, time.time() - started), flush=True)
    except (AssertionError, WebDriverException):
        close_browsers()  # a failed game's pages may be anywhere: the next game starts fresh ones
        raise


def replay_viewer(url):
    """A log of `hukum play --log`, opened in the lobby's replay viewer and stepped to its end."""
    import subprocess
    log = os.path.join(OUT, "replay-mendikot.log")
    subprocess.run([HUKUM, "play", "mendikot", "--deals", "1", "--seed", "4", "--log", log], check=True,
                   stdout=subprocess.DEVNULL, timeout=60)
    d = browser(1280, 900)
    try:
        d.get(url)
        d.find_element(By.ID, "replay-file").send_keys(log)
        wait_for("the viewer", lambda: d.find_element(By.ID, "viewer").is_displayed())
        first = d.find_element(By.ID, "replay-event").text
        F.check(first.startswith("Deal 1"), "replay: the first step is the deal: %r" % first)
        d.find_element(By.ID, "replay-next").click()
        hands = d.find_elements(By.CSS_SELECTOR, "#replay-zones .card")
        F.check(len(hands) == 52, "replay: all 52 cards dealt are shown: %d" % len(hands))
        for _ in range(20):
            d.find_element(By.ID, "replay-next").click()
        shot(d, "replay-desktop")
        d.find_element(By.ID, "replay-last").click()
        last = d.find_element(By.ID, "replay-event").text
        F.check(last == "End of the log", "replay: the last step: %r" % last)
        text = d.find_element(By.ID, "replay-log").text
        F.check("Result:" in text, "replay: the result is among the deal's events")
        print("replay viewer: %s ... %s" % (first, last))
    finally:
        d.quit()


rng = random.Random(3)
with Server(HUKUM, "--bot-delay", "60", "--rate", "1000") as server:
    try:
        replay_viewer(server.url)
    except (AssertionError, WebDriverException) as e:
        F.check(False, "replay viewer: %s" % (str(e).splitlines()[0] if str(e) else type(e).__name__))
    for i, game in enumerate(GAMES):
        try:
            run_game(game, server.url, rng, "phone" if i % 2 == 0 else "desktop")
        except (AssertionError, WebDriverException) as e:
            F.check(False, "%s: %s" % (game, str(e).splitlines()[0] if str(e) else type(e).__name__))
    close_browsers()
F.finish("serve browser")
