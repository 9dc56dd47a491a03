"""What a device may send over Flet's websocket: registration first and once, events and answers,
and property updates only for what a player or the browser changes, every text bounded."""
import msgpack
import pytest

from companion.server.device_frames import MAX_TEXT, METHOD_RESULT, PAGE_ID, REGISTER, UPDATE_PROPS, Verdict, check

PAGE = {"route": "/t/abc?k=key", "web": True, "width": 390.0, "height": 844.0, "platform": "android",
        "platform_brightness": "dark", "window": {},
        "media": {"padding": {"top": 0.0, "left": 0.0}, "device_pixel_ratio": 3.0, "orientation": "portrait"}}


def frame(action: int, body: dict) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def register(**page) -> bytes:
    return frame(REGISTER, {"session_id": None, "page_name": "t/abc", "page": {**PAGE, **page}})


def props(target: int, **values) -> bytes:
    return frame(UPDATE_PROPS, {"id": target, "props": values})


def test_a_screen_registers_once_and_first():
    assert check(register(), registered=False) == (Verdict.PASS, REGISTER)
    assert check(register(), registered=True)[0] is Verdict.CLOSE
    assert check(props(42, value="x"), registered=False)[0] is Verdict.CLOSE
    assert check(frame(3, {"target": 1, "name": "click", "data": None}), registered=False)[0] is Verdict.CLOSE


@pytest.mark.parametrize("data", [b"\x00\xc1junk", b"\x00" + msgpack.packb("text"), b"\x07abc", None,
                                  b"\x00" + msgpack.packb([1, {}, 3]), b"\x00" + msgpack.packb([[1] * 10])])
def test_a_malformed_frame_closes_the_connection(data):
    assert check(data, registered=False)[0] is Verdict.CLOSE
    assert check(data, registered=True)[0] is Verdict.CLOSE


def test_a_registration_that_sets_anything_but_the_browsers_own_facts_is_refused():
    assert check(register(controls=[{"_c": "Text"}]), registered=False)[0] is Verdict.CLOSE
    assert check(register(theme={"color_scheme_seed": "red"}), registered=False)[0] is Verdict.CLOSE
    assert check(register(route="/" + "x" * 5000), registered=False)[0] is Verdict.CLOSE


@pytest.mark.parametrize("values", [{"value": "Ares"}, {"value": True}, {"value": 3}, {"value": 2.5},
                                    {"value": None}, {"selected": ["a", "b"]}, {"selected_index": 2},
                                    {"value": "x" * MAX_TEXT}])
def test_what_a_player_changes_from_a_screen_passes(values):
    assert check(props(42, **values), registered=True)[0] is Verdict.PASS


@pytest.mark.parametrize("values", [
    {"style": {"size": 333, "color": "#ff00ff", "bgcolor": "black"}},  # a search highlight's style
    {"size": 333}, {"color": "magenta"}, {"text": "hello"}, {"spans": []}, {"data": "x"},
    {"value": {"nested": {"junk": 1}}}, {"value": "x" * (MAX_TEXT + 1)}, {"value": float("nan")},
    {"value": "ok", "visible": False}, {},
])
def test_property_updates_a_screen_never_sends_are_dropped(values):
    assert check(props(42, **values), registered=True)[0] is Verdict.DROP


def test_the_page_takes_only_what_the_browser_reports():
    assert check(props(PAGE_ID, width=900.0, height=700.0), registered=True)[0] is Verdict.PASS
    assert check(props(PAGE_ID, media=PAGE["media"]), registered=True)[0] is Verdict.PASS
    assert check(props(PAGE_ID, controls=[]), registered=True)[0] is Verdict.DROP
    assert check(props(PAGE_ID, theme_mode="dark"), registered=True)[0] is Verdict.DROP


def test_every_text_is_bounded_while_it_is_decoded():
    """A 1,000,000-character text is refused by the decoder before any of it becomes a string."""
    huge = frame(3, {"target": 42, "name": "change", "data": "q" * 1_000_000})
    assert check(huge, registered=True)[0] is Verdict.CLOSE
    long_event = frame(3, {"target": 42, "name": "change", "data": "q" * (MAX_TEXT + 1)})
    assert check(long_event, registered=True)[0] is Verdict.DROP
    assert check(frame(3, {"target": 42, "name": "change", "data": "q" * 10}), registered=True)[0] is Verdict.PASS


def test_the_browsers_answer_about_itself_passes_with_its_tagged_strings():
    """The device-info answer lists the browser's languages as Flet's tagged strings (msgpack ext 4);
    dropping it left every Portuguese phone in English."""
    info = {"language": "pt-BR", "languages": [msgpack.ExtType(4, b"pt-BR")], "device_memory": 16.0,
            "locales": [{"language_code": "pt", "country_code": "BR", "script_code": None}]}
    answer = frame(METHOD_RESULT, {"control_id": PAGE_ID, "call_id": "E5Xr7so2fC", "result": info, "error": None})
    assert check(answer, registered=True) == (Verdict.PASS, METHOD_RESULT)
    too_long = {**info, "languages": [msgpack.ExtType(4, b"x" * (4 * MAX_TEXT + 1))]}
    answer = frame(METHOD_RESULT, {"control_id": PAGE_ID, "call_id": "x", "result": too_long, "error": None})
    assert check(answer, registered=True)[0] is Verdict.CLOSE  # refused while decoding, before any check
