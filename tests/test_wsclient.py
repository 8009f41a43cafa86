"""bench/wsclient.py, the benchmarks' client of Streamlit's websocket protocol, kept working:
its self-test against a toy server of its own (two sessions: a click, typing, a fragment's
click, a rerun with a cached element sent by reference), and its pieces without a server.
No timing is checked here (figures live in bench/)."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.NumberInput_pb2 import NumberInput
from streamlit.proto.Selectbox_pb2 import Selectbox

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wsclient", BENCH / "wsclient.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["wsclient"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


ws = _load()


def _widget(kind: str, proto: object, form_id: str = "") -> object:
    return ws.Widget(id="$$ID-abc-k", kind=kind, style="", label="L", key="k",
                     form_id=form_id, fragment_id="", path=(0, 1), proto=proto)


def test_values_are_encoded_as_the_browser_sends_them() -> None:
    box = Selectbox(id="$$ID-abc-k", options=["a", "b"], default=1)
    w = _widget("selectbox", box)
    assert ws.encode(w, "a").string_value == "a"
    assert ws.encode(w, 1).string_value == "b"  # an index into the options
    assert ws.mount_value(w) == (True, "b")
    assert ws.encode(w, None).WhichOneof("value") is None  # cleared: no value
    with pytest.raises(ValueError):
        ws.encode(w, "c")
    whole = _widget("number_input", NumberInput(data_type=NumberInput.INT))
    assert ws.encode(whole, 3).WhichOneof("value") == "int_value"
    real = _widget("number_input", NumberInput(data_type=NumberInput.FLOAT))
    assert ws.encode(real, 3).double_value == 3.0
    assert ws.encode(_widget("button", object()), True).trigger_value is True


def test_the_cache_resolves_references_and_ages_entries_like_the_browser() -> None:
    cache = ws.MessageCache()
    msg = ForwardMsg(hash="h1")
    msg.metadata.cacheable = True
    msg.delta.new_element.markdown.body = "x" * 20
    cache.keep(msg, msg.SerializeToString())
    ref = ForwardMsg(ref_hash="h1")
    ref.metadata.delta_path[:] = [0, 7]
    got = cache.resolve(ref)
    assert got.delta.new_element.markdown.body == "x" * 20
    assert list(got.metadata.delta_path) == [0, 7]  # the reference's own place
    for _ in range(2):
        cache.run_finished(2, ())
    assert cache.hashes() == ["h1"]  # 2 runs unused: still kept
    cache.run_finished(2, ())
    assert cache.hashes() == []  # 3: dropped, as the frontend does
    with pytest.raises(ws.ProtocolError):
        cache.resolve(ref)


def test_sessions_on_a_toy_server_click_type_and_rerun(tmp_path: Path) -> None:
    script = tmp_path / "toy.py"
    script.write_text(ws.SELFTEST_SCRIPT)
    with ws.streamlit_server(script, cwd=tmp_path) as server:
        all_runs = asyncio.run(ws.selftest_async(server.url, sessions=2))
        assert server.peak_kb() > 0
    assert len(all_runs) == 2
    for runs in all_runs:
        named = dict(runs)
        assert named["first load"].cache_hits == 0
        assert named["fragment click"].fragment
        assert not named["click"].fragment
        assert named["rerun"].cache_hits >= 1
        assert all(r.elements > 0 and r.bytes > 0 and not r.exceptions for _, r in runs)
