"""Where the progress database's URL comes from a secrets file (``[connections.progress]
url``), and that no secrets file costs only a look at the paths (ui.storage._secrets_url)."""

from __future__ import annotations

from pathlib import Path

import pytest
import streamlit as st
from streamlit import config

from ui import storage


@pytest.fixture
def secrets_at(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "secrets.toml"
    monkeypatch.setattr(config, "get_option",
                        lambda key, _get=config.get_option: [str(path)] if key == "secrets.files"
                        else _get(key))
    st.secrets._reset()
    yield path
    st.secrets._reset()


def test_no_secrets_file_means_no_url(secrets_at: Path) -> None:
    assert storage._secrets_url() is None


def test_the_url_of_a_secrets_file(secrets_at: Path) -> None:
    secrets_at.write_text('[connections.progress]\nurl = "sqlite:////tmp/elsewhere.db"\n',
                          encoding="utf-8")
    assert storage._secrets_url() == "sqlite:////tmp/elsewhere.db"
    assert storage.database_url(storage._secrets_url(), {}) == "sqlite:////tmp/elsewhere.db"


def test_a_secrets_file_without_the_connection(secrets_at: Path) -> None:
    secrets_at.write_text('other = "x"\n', encoding="utf-8")
    assert storage._secrets_url() is None


def test_no_secrets_file_is_not_searched_again(secrets_at: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def searched() -> bool:
        raise AssertionError("Streamlit's secrets searched although no file exists")

    monkeypatch.setattr(st.secrets, "load_if_toml_exists", searched)
    assert storage._secrets_url() is None
