"""Issue 34, items 6-12: the app under abuse (docs/security.md lists what each test shows).

- the rate limit counts an unknown address as one shared network (never exempt), an IPv6
  address by its /64, never a header the client sent; every start command says whose
  X-Forwarded-For uvicorn applies (FORWARDED_ALLOW_IPS);
- the wrong tries' table keeps networks and codes as an HMAC with the server's secret;
- "forget me" leaves neither the name nor the learner key in SQLite's files (the database
  and its write-ahead log);
- names: a visible letter, few combining marks, look-alikes (UTS #39 skeletons) taken;
- deeply nested JSON in a link is said in words, and an error in a page is said in words
  without a traceback.
"""

from __future__ import annotations

import base64
import hashlib
import re
import tomllib
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from apptest import APP, TIMEOUT, open_page, texts
from sqlalchemy import Engine, select
from streamlit.testing.v1 import AppTest

from store import ClassRefused, ClassStore, ClassWork, FakeClock, QuizWork, Refusal, schema as t
from store.class_values import clean_name, keyed_subject, name_key, network_of
from store.engine import make_engine
from store.ids import learner_key, new_learner_id
from store.migrate import migrate
from store.progress import Store
from store.writes import Forget, ItemSeen

ROOT = Path(__file__).resolve().parent.parent
WORK = ClassWork(QuizWork(level="beginner", rules="classic", length=10, seed="s-1"), ())
KEY = b"k" * 32


@pytest.fixture()
def sqlite(tmp_path: Path) -> Iterator[Engine]:
    engine = make_engine(f"sqlite:///{tmp_path / 'progress.db'}")
    migrate(engine, clock=FakeClock())
    try:
        yield engine
    finally:
        engine.dispose()


def refused(call: Any) -> ClassRefused:
    with pytest.raises(ClassRefused) as caught:
        call()
    return caught.value


# ----------------------------------------------------------------------- 6: the rate limit


def test_guesses_of_unknown_address_share_one_count(sqlite: Engine) -> None:
    """600 guesses from the loopback address (no address: Streamlit's ip_address is None),
    each from a new browser: after the 20th they back off, as from one network."""
    classes = ClassStore(sqlite, clock=FakeClock(), key=KEY)
    classes.create("Y", WORK)
    outcomes = []
    for i in range(600):
        try:
            classes.find(f"ZZZ{i:03d}".translate(str.maketrans("01", "AB")),
                         client=f"browser {i}", network=None)
        except ClassRefused as error:
            outcomes.append(error.refusal)
    assert outcomes[:20] == [Refusal.UNKNOWN_CODE] * 20
    assert set(outcomes[20:]) == {Refusal.PAUSED}


def test_an_ipv6_address_counts_by_its_64() -> None:
    assert network_of("2001:db8:0:1::1") == network_of("2001:db8:0:1:ffff:1:2:3")
    assert network_of("2001:db8:0:1::1") != network_of("2001:db8:0:2::1")
    assert network_of("198.51.100.7") != network_of("198.51.100.8")
    assert network_of(None) == network_of("") == network_of("garbage") == "unknown"


def test_addresses_in_one_64_are_paused_together(sqlite: Engine) -> None:
    classes = ClassStore(sqlite, clock=FakeClock(), key=KEY, max_tries=100,
                         max_network_tries=3)
    new = classes.create("Y", WORK)
    for i in range(3):
        refused(lambda i=i: classes.find("ZZZZZZ", client=f"b{i}",
                                         network=f"2001:db8:0:1::{i + 1}"))
    assert refused(lambda: classes.find("ZZZZZY", client="b9", network="2001:db8:0:1:9::9")
                   ).refusal is Refusal.PAUSED
    assert refused(lambda: classes.find("ZZZZZY", client="b9", network="2001:db8:0:2::1")
                   ).refusal is Refusal.UNKNOWN_CODE
    assert classes.find(new.code, client="b9", network="2001:db8:0:1:9::9").code == new.code


class _Context:
    def __init__(self, ip: str | None, headers: dict[str, str]) -> None:
        self.ip_address = ip
        self.headers = headers


@pytest.mark.parametrize("ip", [None, "198.51.100.7"])
def test_the_app_never_reads_a_forwarded_header(monkeypatch: pytest.MonkeyPatch,
                                                ip: str | None) -> None:
    from ui.classroom import store as class_store

    monkeypatch.setenv("PIQUET_TRUST_PROXY", "1")  # the old switch: no effect any more
    monkeypatch.setattr(class_store, "st", _Shim(_Context(
        ip, {"X-Forwarded-For": "203.0.113.66"})))
    assert class_store.network() == ip


class _Shim:
    def __init__(self, context: _Context) -> None:
        self.context = context

    def __getattr__(self, name: str) -> Any:
        return getattr(st, name)


def _make_run_env() -> str:
    text = (ROOT / "Makefile").read_text()
    found = re.search(r"^run:.*\n((?:\t.*\n)+)", text, re.M)
    assert found
    return found.group(1)


def test_every_start_command_says_whose_forwarded_header_counts() -> None:
    """uvicorn's default FORWARDED_ALLOW_IPS trusts any loopback peer's X-Forwarded-For;
    each start command names the proxy's address, or nobody."""
    assert re.search(r"FORWARDED_ALLOW_IPS= \$\(PY\) -m streamlit run app\.py", _make_run_env())
    assert 'FORWARDED_ALLOW_IPS=""' in (ROOT / "Dockerfile").read_text()
    topology = (ROOT / "scripts" / "topology.sh").read_text()
    assert "export FORWARDED_ALLOW_IPS=127.0.0.1 " in topology
    assert "--server.address=127.0.0.1" in topology  # the replicas: loopback only
    assert '"FORWARDED_ALLOW_IPS": ""' in (ROOT / "bench" / "wsclient.py").read_text()
    assert '"FORWARDED_ALLOW_IPS": ""' in (ROOT / "bench" / "bench_first_paint.py").read_text()
    compose = (ROOT / "compose.yaml").read_text()
    proxy_ip = re.search(r"ipv4_address: ([\d.]+)", compose)
    assert proxy_ip
    replicas = re.findall(r"FORWARDED_ALLOW_IPS: \"([^\"]*)\"", compose)
    assert replicas and set(replicas) == {proxy_ip.group(1)}
    assert len(replicas) == compose.count("build: .")
    for path in ("ui", "store", "app.py"):
        for file in (ROOT / path).rglob("*.py") if path != "app.py" else [ROOT / path]:
            # a header's name in quotes: read from st.context.headers
            assert not re.search(r"[\"']x-forwarded-for[\"']", file.read_text().lower()), file


# ----------------------------------------------------------------------- 11: keyed hashes


def test_networks_and_codes_are_kept_as_an_hmac_with_the_servers_secret(
        sqlite: Engine) -> None:
    address = "198.51.100.7"
    for key in (KEY, b"another secret of the server"):
        classes = ClassStore(sqlite, clock=FakeClock(), key=key)
        refused(lambda c=classes: c.find("ZZZZZZ", client="b", network=address))
    with sqlite.connect() as conn:
        kept = {(r.scope, r.subject) for r in conn.execute(select(t.class_attempts))}
    networks = {s for scope, s in kept if scope == "network"}
    codes = {s for scope, s in kept if scope == "code"}
    assert networks == {keyed_subject(KEY, "network", address),
                        keyed_subject(b"another secret of the server", "network", address)}
    assert len(codes) == 2
    unkeyed = {hashlib.sha256(p + text.encode()).hexdigest()
               for p in (b"", b"piquet-academy/class-client/v1:",
                         b"piquet-academy/class-code/v1:")
               for text in (address, f"ip:{address}", "ZZZZZZ")}
    assert not unkeyed & (networks | codes)


def test_the_app_keys_its_hashes_with_the_cookie_secret(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from streamlit import config

    from ui.classroom import store as class_store

    secrets = {"server.cookieSecret": "one"}
    monkeypatch.setattr(config, "get_option", lambda name: secrets[name])
    one = class_store.rate_key()
    secrets["server.cookieSecret"] = "two"
    assert one != class_store.rate_key() and len(one) == 32


# ----------------------------------------------------------------------- 11: forget me


def test_forget_me_leaves_no_name_nor_key_in_the_database_files(
        sqlite: Engine, tmp_path: Path) -> None:
    clock = FakeClock()
    store, classes = Store(sqlite, clock=clock), ClassStore(sqlite, clock=clock, key=KEY)
    new = classes.create("Year 9", WORK)
    me = learner_key(new_learner_id())
    name = "Quixotica Zanzibar"
    classes.join(new.code, name, learner=me, client="c")
    store.apply(me, [ItemSeen(clock(), kind="point", item="x", right=True)])
    files = [tmp_path / "progress.db", tmp_path / "progress.db-wal"]
    raw = b"".join(f.read_bytes() for f in files if f.exists())
    assert name.encode() in raw and me.encode() in raw  # the test can see them
    store.apply(me, [Forget(clock())])
    for file in files:
        data = file.read_bytes() if file.exists() else b""
        assert name.encode() not in data, file
        assert me.encode() not in data, file


# ----------------------------------------------------------------------- 10: names


@pytest.mark.parametrize("raw", [
    "\u200b\u200c\u2060",  # invisible only
    "\u3164\u3164",  # Hangul fillers
    "\u0300\u0301",  # marks on nothing
    "...",  # no letter at all
    "\u2800 \u115f",  # braille blank, Hangul choseong filler
])
def test_a_name_needs_a_visible_letter(raw: str) -> None:
    assert refused(lambda: clean_name(raw)).refusal is Refusal.NAME_EMPTY


def test_a_zalgo_name_is_refused_a_real_one_is_not() -> None:
    marks = "\u0301\u0300\u0302\u0303\u0304\u0306\u0307\u0308\u030a\u030b"
    piled = "A" + (marks * 3)[:29]  # 29 combining marks on one letter: 30 characters
    spread = "".join(letter + marks[:3] for letter in "Ann")  # three on every letter
    for zalgo in (piled, spread):
        assert refused(lambda z=zalgo: clean_name(z)).refusal is Refusal.NAME_UNREADABLE
    for fine in ("Nguyễn Thị Ánh", "Ağaoğlu Şükrü", "क्षितिज", "ปิ่น", "زينب 🎉", "Zoë 7"):
        assert clean_name(fine)


@pytest.mark.parametrize("look_alike", [
    "\u0410nn",  # Cyrillic capital A
    "\u0391nn",  # Greek capital Alpha
    "\u0430nn",  # Cyrillic small a
    "\uff21nn",  # fullwidth A
])
def test_look_alike_names_are_one_name(look_alike: str) -> None:
    assert name_key(clean_name(look_alike)) == name_key("Ann")


def test_look_alikes_are_taken_in_a_class(sqlite: Engine) -> None:
    classes = ClassStore(sqlite, clock=FakeClock(), key=KEY)
    new = classes.create("Y", WORK)
    classes.join(new.code, "Ann", learner=learner_key(new_learner_id()), client="a")
    error = refused(lambda: classes.join(new.code, "\u0410nn",
                                         learner=learner_key(new_learner_id()), client="b"))
    assert error.refusal is Refusal.NAME_TAKEN
    assert classes.join(new.code, "Anna", learner=learner_key(new_learner_id()),
                        client="c").number == 2


def test_different_names_stay_different() -> None:
    for a, b in (("Ann", "Anne"), ("Ali", "Alí"), ("Ivan", "Iván"), ("Emre", "Emra")):
        assert name_key(a) != name_key(b)


# ----------------------------------------------------------------------- 7: no traceback

DEEP = "[" * 1000 + "]" * 1000
ELDER = "AS AH AD AC KS KH KD KC QS QH QD 7C"


def test_deeply_nested_declares_in_a_lab_link_are_said_in_words() -> None:
    at = open_page("lab", elder=ELDER, elder_declares=DEEP)  # fails on any exception
    assert "elder\\_declares" in texts(at)


def test_a_crafted_record_link_is_said_in_words() -> None:
    link = base64.urlsafe_b64encode(zlib.compress(('{"elder":' + DEEP + "}").encode()))
    assert len(link) < 200  # a small link
    at = open_page("play", record=link.decode().rstrip("="))
    assert "record" in texts(at).lower() and not at.exception


@pytest.mark.page_errors_said
def test_an_error_in_a_page_is_said_in_words_without_a_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.links
    from ui.failure import failure_text

    def broken(url_path: str) -> None:
        raise RuntimeError("/srv/piquet/secret_path.py line 42")

    monkeypatch.setattr(ui.links, "arrive", broken)
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    assert not at.exception
    assert [e.value for e in at.error] == [failure_text()]
    assert "secret_path" not in texts(at)
    assert at.sidebar.markdown  # the frame is drawn around it


def test_streamlit_shows_no_error_details() -> None:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["client"]["showErrorDetails"] == "none"


# ----------------------------------------------------------------------- 8: quoted, inert

_LINKS = (re.compile(r"(?i)(https?:/|www\.)"), re.compile(r"[\w.+-]+@[\w-]+"),
          re.compile(r":\w+:"))


@pytest.mark.parametrize("typed", [
    "https://evil.example/login", "www.evil.example", "mail@evil.example", "**bold**",
    "$x^2$", ":smile:", "[x](javascript:alert(1))", "<b>x</b>", ":red[x]",
])
def test_quoted_text_is_no_link_nor_markup(typed: str) -> None:
    from ui.classroom.state import isolate, shown
    from ui.text import md_quote

    for quoted in (md_quote(typed), shown(typed, 40), isolate(typed)):
        assert quoted.replace("\u2060", "").replace("\\", "").strip("\u2068\u2069") == typed
        for pattern in _LINKS:
            assert not pattern.search(quoted), (typed, quoted)
        assert not re.search(r"(?<!\\)[*$\[<`]", quoted), (typed, quoted)


# ----------------------------------------------------------------------- 9: the CSV export


@pytest.mark.parametrize("name", [
    'x;=HYPERLINK("http://e.x","y")', "Ann; +cmd", "Lee\t@SUM(1)",
    'Bo;"=1+2"', "Cy; -2+3", "Di|=1", "=1+2", " @x",
])
def test_no_spreadsheet_reads_a_formula_in_the_csv(sqlite: Engine, name: str) -> None:
    import csv
    import io

    from ui.classroom.dashboard import csv_text

    classes = ClassStore(sqlite, clock=FakeClock(), key=KEY)
    new = classes.create("Y", WORK)
    classes.join(new.code, name, learner=learner_key(new_learner_id()), client="c")
    board = classes.dashboard(classes.teacher(new.teacher_key, client="t"))
    text = csv_text(board, ("Q1",))
    for separator in (",", ";", "\t", "|"):  # the list separators spreadsheets split on
        for row in csv.reader(io.StringIO(text), delimiter=separator):
            for cell in row:
                assert not cell.lstrip(" \"'").startswith(("=", "+", "-", "@")) \
                    or cell.lstrip(" \"").startswith("'"), (separator, cell)


@pytest.mark.page_errors_said
def test_a_fragments_error_streamlit_handled_is_not_said_twice() -> None:
    from streamlit.errors import FragmentHandledException

    from ui.failure import contained, said

    with pytest.raises(FragmentHandledException), contained():
        raise FragmentHandledException(RuntimeError("said once, by said()"))
    with pytest.raises(SystemExit), contained():  # nor what is no Exception (st.rerun's kind)
        raise SystemExit
    assert said(RuntimeError("outside the page")) is True
