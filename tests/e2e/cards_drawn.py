"""Every card on the page drawn: each card is a ``<use>`` of its face in the static sprite
(ui/cards.py, /app/static/cards-2.svg), which draws nothing until the browser has that file.
A screenshot taken before — or of an app whose server does not serve the sprite — shows
blank cards; :func:`wait_cards_drawn` waits for them and fails when they stay blank."""

from __future__ import annotations

from playwright.sync_api import Page

# the width each laid-out card's <use> draws (0 while its symbol is missing), in the page
# and in every component's shadow root; a card not laid out (a shut expander, another tab)
# draws nothing either way and is left out
_WIDTHS_JS = """() => { const w = []; const walk = root => {
      root.querySelectorAll('svg.pq-card use').forEach(u => {
        if (u.closest('svg').getClientRects().length) w.push(u.getBBox().width); });
      root.querySelectorAll('*').forEach(e => e.shadowRoot && walk(e.shadowRoot)); };
    walk(document); return w; }"""


def wait_cards_drawn(page: Page, minimum: int = 0, timeout_ms: float = 15_000) -> int:
    """Wait until at least ``minimum`` cards are on the page and every one is drawn; the
    number of cards."""
    page.wait_for_function(
        f"(minimum) => {{ const w = ({_WIDTHS_JS})();"
        " return w.length >= minimum && w.every(x => x > 90); }",
        arg=minimum, timeout=timeout_ms)
    widths: list[float] = page.evaluate(_WIDTHS_JS)
    return len(widths)
