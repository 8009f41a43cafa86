"""The user's language as the text layer reads it: from ``st.session_state["lang"]``,
memoised once a run (registered with :func:`words.set_language_source` when imported;
``ui`` imports this module first)."""

import contextlib
from typing import cast

from words import SESSION_KEY, set_language_source

__all__ = ["forget_session_language", "session_language"]

_MEMO = "_pq_language"


def session_language() -> str | None:
    """The language in ``st.session_state`` (``None`` outside a running script): the text
    layer's source of the user's language.

    Read once a run: a page asks for it hundreds of times (every message, every card name),
    and each read of the session state costs tens of microseconds. The memo lives on the run's
    context and holds that run's ``cursors`` (a new dict each run), so the next run reads the
    session again. Code that sets ``st.session_state["lang"]`` during a run calls
    :func:`forget_session_language`.
    """
    import streamlit as st
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None:
        return None
    memo = getattr(ctx, _MEMO, None)
    if memo is not None and memo[0] is ctx.cursors:
        return cast("str | None", memo[1])
    raw = st.session_state.get(SESSION_KEY)
    value = raw if isinstance(raw, str) else None
    with contextlib.suppress(AttributeError):  # a context without a __dict__: no memo
        setattr(ctx, _MEMO, (ctx.cursors, value))
    return value


def forget_session_language() -> None:
    """After ``st.session_state["lang"]`` changed during a run: read it again."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is not None and hasattr(ctx, _MEMO):
        delattr(ctx, _MEMO)


set_language_source(session_language)
