"""Glossary: the terms of piquet in the reader's language (ui/glossary.py)."""

from ui.glossary import show

show()
