"""Keys with a name are named in the player's language, also inside refusals."""

from pie_table.kit import i18n, keybindings
from pie_table.kit.input import key_label


def test_a_reserved_key_is_refused_in_spanish_words_only():
    try:
        i18n.set_language("es")
        bindings = keybindings.Bindings()
        device = keybindings.KEY_DEVICES[0]
        intent = next(iter(bindings.current[device]))
        refusal = bindings.refusal(device, intent, "SCANCODE_RETURN")
        assert i18n.tr(refusal) == "Intro es de toda la mesa"
        assert key_label("SCANCODE_SPACE") == "Espacio" and key_label("SCANCODE_W") == "W"
    finally:
        i18n.set_language("en")
    assert key_label("SCANCODE_RETURN") == "Return" and key_label("SCANCODE_LEFT") == "←"
