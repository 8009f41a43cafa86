"""ui/heap.py: what lives long is frozen out of the post-run collections, and let go again."""

from __future__ import annotations

import gc
import sys
import types
import weakref
from collections.abc import Iterator

import pytest

from ui import heap


@pytest.fixture(autouse=True)
def _own_clock() -> Iterator[None]:
    """The tests' made-up times must not hold back the real runs that follow."""
    saved = heap._modules, heap._frozen_at
    yield
    heap._modules, heap._frozen_at = saved


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_settle_freezes_on_new_modules_and_after_the_interval() -> None:
    t = 1_000_000.0
    heap.settle(now=t, refreeze=True)  # whatever the earlier tests left: frozen now
    assert gc.get_freeze_count() > 0
    assert not heap.settle(now=t + 1, refreeze=True)  # nothing new, too soon: nothing done
    sys.modules["_pq_test_heap_module"] = types.ModuleType("_pq_test_heap_module")
    try:
        assert heap.settle(now=t + 2, refreeze=True)  # a module imported: frozen at once
    finally:
        del sys.modules["_pq_test_heap_module"]
    assert heap.settle(now=t + 3, refreeze=True)  # the count changed back: frozen again
    assert not heap.settle(now=t + 3 + heap.REFREEZE_S - 1, refreeze=True)
    assert heap.settle(now=t + 3 + heap.REFREEZE_S, refreeze=True)
    # without the post-run collection, only new imports freeze
    assert not heap.settle(now=t + 3 + 10 * heap.REFREEZE_S, refreeze=False)


def test_frozen_cyclic_garbage_is_freed_at_the_next_refreeze() -> None:
    t = 2_000_000.0
    obj = _Cycle()
    ref = weakref.ref(obj)
    heap.settle(now=t, refreeze=True)  # alive: frozen with the rest
    del obj
    gc.collect()
    assert ref() is not None  # a frozen cycle is not collected...
    heap.settle(now=t + heap.REFREEZE_S, refreeze=True)
    assert ref() is None  # ...until the frozen objects are let go and collected


def test_imports_inside_importing_are_frozen_once_at_the_end() -> None:
    """While a background thread imports (ui/classroom/dashboard.warm_tables), a run's
    settle() neither waits nor collects the heap at each module's arrival: it skips; the
    freeze comes once, at the end. It failed before: every settle() in between froze."""
    import threading

    t = 3_000_000.0
    heap.settle(now=t, refreeze=False)
    seen: list[bool] = []
    names = [f"_pq_test_importing_{i}" for i in range(3)]
    try:
        with heap.importing():
            for name in names:
                sys.modules[name] = types.ModuleType(name)  # a module arrives
                run = threading.Thread(target=lambda: seen.append(
                    heap.settle(now=t + 1, refreeze=False)))
                run.start()
                run.join(5)
                assert not run.is_alive()  # it did not wait for the import to end
        assert seen == [False, False, False]
        assert heap._modules == len(sys.modules)  # frozen at the end, with the new modules
        assert not heap.settle(now=t + 2, refreeze=False)  # nothing left to freeze
    finally:
        for name in names:
            sys.modules.pop(name, None)
