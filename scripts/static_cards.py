"""Write the app's card sprites into ``static/`` (``ui.cards.sprite_svg``: the 32 faces and
the back as SVG symbols, two and four colours), after a change to how ``ui/cards.py`` draws
a card. ``tests/test_cards.py`` fails while the files differ from what the code draws.

    python scripts/static_cards.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ui.cards import write_static

if __name__ == "__main__":
    for name in write_static():
        print(name)
