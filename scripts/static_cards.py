"""Write the app's card sprites into ``static/`` (``ui.cards.sprite_svg``: the 32 faces and
the back as SVG symbols, two and four colours), after a change to how ``ui/cards.py`` draws
a card. ``tests/test_ui_cards.py`` fails while the files differ from what the code draws.

    python scripts/static_cards.py
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ui.cards import sprite_file, sprite_svg  # noqa: E402

if __name__ == "__main__":
    for colours in (False, True):
        path = ROOT / "static" / sprite_file(colours)
        path.write_text(sprite_svg(colours), encoding="utf-8")
        print(path)
