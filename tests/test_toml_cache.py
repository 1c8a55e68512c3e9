"""The private cache of TOML parses gives back what tomllib gives, and never a broken or foreign entry."""

import marshal
import tomllib

import pytest

from cli import toml_data
from cli.toml_data import read_toml

TEXT = 'title = "Cartes"\n[card]\nwidth = 63\nheight = 88.5\nround = true\nsuits = ["C", "T", "S"]\n'


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setattr(toml_data, "_cache_folder", lambda: folder)
    return folder


def test_a_cached_parse_is_the_parse(tmp_path, cache):
    source = tmp_path / "layout.toml"
    source.write_text(TEXT, encoding="utf-8")
    first = read_toml(source, "layout")
    assert len(list(cache.iterdir())) == 1
    again = read_toml(source, "layout")
    assert again == first == tomllib.loads(TEXT)
    assert type(again["card"]["width"]) is int and type(again["card"]["height"]) is float


def test_a_broken_cache_entry_is_parsed_again(tmp_path, cache):
    source = tmp_path / "layout.toml"
    source.write_text(TEXT, encoding="utf-8")
    read_toml(source, "layout")
    (entry,) = cache.iterdir()
    for broken in (entry.read_bytes()[:7], b"", b"\xff\x00garbage", marshal.dumps(["not", "a table"])):
        entry.write_bytes(broken)
        assert read_toml(source, "layout") == tomllib.loads(TEXT)


def test_what_the_cache_cannot_hold_is_not_kept(tmp_path, cache):
    source = tmp_path / "dated.toml"
    source.write_text("day = 2026-12-01\n", encoding="utf-8")
    assert str(read_toml(source, "layout")["day"]) == "2026-12-01"
    assert not list(cache.iterdir())
