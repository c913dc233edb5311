"""The one YAML reader is bounded: size, nesting, aliases, values, text length; every refusal is located."""

from __future__ import annotations

import contextlib
import io
import os
import time
from pathlib import Path

import pytest
import yaml

from estoril_pnp.errors import InputError
from estoril_pnp.files.resources import resource_dir
from estoril_pnp.source import yamlparse, yamlsrc
from estoril_pnp.source.yamlsrc import MAX_BYTES, MAX_DEPTH, MAX_NODES, MAX_STRING

# Nine lines of nine aliases each: 9**9 values once expanded, from 342 bytes.
ALIAS_BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)


@pytest.fixture(autouse=True, params=["libyaml", "python"])
def parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every limit holds with libyaml's parser and with PyYAML's own (when libyaml is missing)."""
    if request.param == "python":
        bases = (yamlparse._Core, yamlparse._MergeBound, yaml.SafeLoader)
        monkeypatch.setattr(yamlparse, "_Loader", type("_PyLoader", bases, {}))
    elif not yaml.__with_libyaml__:
        pytest.skip("libyaml is not installed")
    return request.param


def refused(text: str, **options: bool) -> str:
    """The one finding for `text`, as printed; fails the test if it takes more than a few seconds."""
    start = time.monotonic()
    with pytest.raises(InputError) as caught:
        yamlsrc.parse(text, "f.yaml", **options)
    assert time.monotonic() - start < 5
    [finding] = caught.value.findings
    return str(finding)


def test_the_limits_are_the_documented_ones() -> None:
    assert (MAX_BYTES, MAX_DEPTH, MAX_NODES, MAX_STRING) == (2 * 1024 * 1024, 32, 100_000, 10_000)


def test_an_alias_bomb_is_stopped_by_the_value_count() -> None:
    assert len(ALIAS_BOMB) < 480
    assert refused(ALIAS_BOMB).endswith(f"more than {MAX_NODES} values (an alias counts each time it is used)")


def test_aliases_can_be_refused_outright() -> None:
    assert refused(ALIAS_BOMB, aliases=False) == "f.yaml:2: b[0]: aliases (*name) are not allowed here"


def test_a_few_aliases_are_fine_in_a_pack_file() -> None:
    assert yamlsrc.parse("a: &x [1, 2]\nb: *x\n", "f.yaml").data == {"a": [1, 2], "b": [1, 2]}


def test_an_alias_inside_its_own_anchor_is_refused() -> None:
    assert refused("a: &a [*a]\n") == "f.yaml:1: a[0]: YAML syntax: unknown alias *a"


def test_aliases_cannot_carry_a_deep_value_deeper() -> None:
    deep = "[" * 20 + "1" + "]" * 20
    assert "nested more than 32 levels deep" in refused(f"a: &a {deep}\nb: {'[' * 20}*a{']' * 20}\n")


@pytest.mark.parametrize("text", ["[" * 100_000, "{a: " * 50_000, "".join(" " * i + "a:\n" for i in range(200))])
def test_deep_nesting_is_refused_with_its_line(text: str) -> None:
    message = refused(text)
    assert f"nested more than {MAX_DEPTH} levels deep" in message
    assert message.startswith("f.yaml:")


def test_merge_keys_that_double_at_every_level_are_stopped() -> None:
    # Built bottom-up, each level would double: the check runs after every level's merge.
    lines = ["a0: &a0 {x: 1}"] + [f"a{i}: &a{i} {{<<: [*a{i - 1}, *a{i - 1}]}}" for i in range(1, 40)]
    loader = yamlparse._Loader("\n".join(lines))
    top = yamlparse._Composer(loader, "f.yaml", aliases=True).single_document()
    assert top is not None
    try:
        merged = yamlparse._Builder(loader, "f.yaml").mapping(top.value[-1][1], ("a39",))
    except InputError as exc:
        assert "merge keys" in str(exc)
    else:  # PyYAML 6.0.3 and later merge a key they have already merged once, so nothing doubles
        assert merged == {"x": 1}


def test_a_long_text_is_refused_at_its_key() -> None:
    assert refused("name: " + "x" * (MAX_STRING + 1)) == (
        f"f.yaml:1: name: a value of {MAX_STRING + 1} characters; at most {MAX_STRING}"
    )


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("9" * 5000, "as int"),
        ("!!timestamp 2016-13-45", "as timestamp"),
        ("!!int 0b_", "as int"),
        ("!!int 0x_", "as int"),
        ("!!bool yes", "as bool"),  # YAML 1.2 has two booleans
    ],
)
def test_values_python_cannot_read_are_findings(value: str, words: str) -> None:
    message = refused(f"a:\n  b: {value}\n")
    assert message.startswith("f.yaml:2: a.b: cannot read")
    assert words in message


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\x7f", "\ufffe"])
def test_control_characters_are_refused_with_their_line(char: str) -> None:
    expected = f"f.yaml:2: control character U+{ord(char):04X} is not allowed in YAML text"
    assert refused(f"a: 1\nb: x{char}y\n") == expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('a: "x\\uD800"\n', "Unicode"),  # libyaml: a syntax error; PyYAML: our own check
        ('"\\uDC00": 1\n', "Unicode"),
        ("? [a]\n: 1\n", "keys must be text or numbers"),
        ("~: 1\n", "keys must be text or numbers"),
        ("a: 1\na: 2\n", "key given twice"),
        ("a: !!set {x, y}\n", "unsupported YAML tag"),
        ("a: !!python/name:os.system\n", "YAML syntax"),
        ("a: 1\n---\nb: 2\n", "YAML syntax"),
        ("a: !!binary 'zz'\n", "YAML syntax"),
    ],
)
def test_other_bad_yaml_is_a_finding(text: str, words: str) -> None:
    assert words in refused(text)


def write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "f.yaml"
    path.write_bytes(data)
    return path


def read_refused(path: Path) -> str:
    with pytest.raises(InputError) as caught:
        yamlsrc.read(path)
    [finding] = caught.value.findings
    return str(finding)


def test_a_file_over_the_size_limit_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = write(tmp_path, b"a: 1\n" * (MAX_BYTES // 5 + 1))
    assert read_refused(path) == f"{path}:{MAX_BYTES // 5 + 1}: larger than 2 MiB, the limit"


def test_a_file_at_the_size_limit_is_read(tmp_path: Path) -> None:
    body = b"# " + b"x" * (MAX_BYTES - 8) + b"\na: 1\n"
    assert len(body) == MAX_BYTES
    assert yamlsrc.read(write(tmp_path, body)).data == {"a": 1}


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        ("a: 1\n".encode("utf-16"), 1, "UTF-16 text; save it as UTF-8"),
        ("a: 1\n".encode("utf-32"), 1, "UTF-32 text; save it as UTF-8"),
        ("a: 1\nb: Araújo\n".encode("latin-1"), 2, "not UTF-8 text (byte 0xfa)"),
        (b"a: 1\n\xff\xfe", 2, "not UTF-8 text (byte 0xff)"),
    ],
)
def test_encodings_other_than_utf8_are_refused(tmp_path: Path, data: bytes, line: int, words: str) -> None:
    path = write(tmp_path, data)
    assert read_refused(path) == f"{path}:{line}: {words}"


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    assert yamlsrc.read(write(tmp_path, "\ufeffa: Araújo\n".encode())).data == {"a": "Araújo"}


def test_a_folder_a_device_and_a_pipe_are_not_read(tmp_path: Path) -> None:
    assert read_refused(tmp_path) == f"{tmp_path}: is a folder, not a file"
    assert read_refused(Path("/dev/zero")) == "/dev/zero: not a regular file"
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # opening it would wait for a writer for ever
    assert read_refused(fifo) == f"{fifo}: not a regular file"


def test_a_missing_file_and_a_file_below_a_file(tmp_path: Path) -> None:
    assert read_refused(tmp_path / "nope.yaml") == f"{tmp_path / 'nope.yaml'}: file not found"
    plain = write(tmp_path, b"a: 1\n")
    assert read_refused(plain / "below.yaml") == f"{plain / 'below.yaml'}: file not found"


def test_an_unreadable_file_is_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, b"a: 1\n")

    def denied(*_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(Path, "open", denied)
    assert read_refused(path) == f"{path}: cannot read: Permission denied"


def test_a_stream_is_read_only_up_to_the_limit() -> None:
    class Endless(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
            buffer[:] = b"#" * len(buffer)
            return len(buffer)

    with pytest.raises(InputError, match="larger than 2 MiB"):
        yamlsrc.read_stream(io.BufferedReader(Endless()), "<stdin>")
    with pytest.raises(InputError, match="there is no standard input"):
        yamlsrc.read_stream(None, "<stdin>")


@pytest.mark.parametrize(
    "text",
    [
        "[" + "a," * 1_000_000 + "]",  # 2 MB of tiny values: stopped while composing, not after
        "- a\n" * 500_000,
        "#" + "x" * (MAX_BYTES - 10),
        "\n" * (MAX_BYTES - 10),
        'a: "' + "\\x41" * (MAX_BYTES // 4 - 10) + '"',
    ],
    ids=["flow list", "block list", "comment", "blank lines", "escapes"],
)
@pytest.mark.slow
def test_the_worst_two_megabytes_are_read_in_seconds(text: str, parser: str) -> None:
    if parser == "python":
        pytest.skip("PyYAML's own parser takes up to about 6 s for these: slow, but bounded")
    start = time.monotonic()
    with contextlib.suppress(InputError):
        yamlsrc.parse(text, "f.yaml")
    assert time.monotonic() - start < 20  # a bound, not a benchmark: quadratic work would take minutes


def test_every_shipped_file_is_well_within_the_limits() -> None:
    files = [*resource_dir("data").glob("**/*.yaml"), *resource_dir("templates").glob("**/*.yaml")]
    assert len(files) > 10  # the shipped pack's files and layouts, found where an installation keeps them
    for file in files:
        assert yamlsrc.read(file).data is not None
        assert file.stat().st_size < MAX_BYTES // 20  # a catalog with a whole rulebook is ~40 kB
        assert yaml.compose(file.read_text(encoding="utf-8")) is not None
