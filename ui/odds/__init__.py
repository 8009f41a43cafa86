"""The Odds page (``app_pages/odds.py``): state.py (the page's choices, ``odds_`` keys) and
views.py (the tables and charts, cached per language)."""
